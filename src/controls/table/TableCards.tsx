import {
    Box,
    Card,
    CardActionArea,
    CardActions,
    CardContent,
    Checkbox,
    Collapse,
    FormControlLabel,
    IconButton,
    LinearProgress,
    Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { cellContent, columnTitleKey, type TableColumn } from './tableColumn';
import type { TableViewProps } from './TableGrid';

/** Title/value pairs of the shown columns. */
function CardFields<RecordType extends RaRecord>({
    columns,
    record,
    resource,
}: {
    columns: readonly TableColumn<RecordType>[];
    record: RecordType;
    resource: string;
}) {
    const translate = useTranslate();
    return (
        <Box
            component="dl"
            sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(6rem, auto) 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
            }}
        >
            {columns.map((column) => (
                <Box key={column.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                        {translate(columnTitleKey(column, resource))}
                    </Typography>
                    <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, overflowWrap: 'anywhere' }}
                    >
                        {cellContent(column, record)}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
}

/**
 * The extra-small layout (shell §2.10, §9): one card per row with the shown columns as
 * title/value pairs; the whole card is the row's link; selection and details below it.
 */
export function TableCards<RecordType extends RaRecord>(
    props: Omit<TableViewProps<RecordType>, 'sort' | 'onSort'>,
) {
    const {
        label,
        resource,
        columns,
        data,
        isPending,
        emptyText,
        rowAction,
        selection,
        expand,
        expanded,
        onToggleExpand,
        idPrefix,
    } = props;
    const translate = useTranslate();
    if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
    if (!data?.length) return <Typography sx={{ p: 2 }}>{emptyText}</Typography>;

    return (
        <Box
            component="ul"
            aria-label={label}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
            {data.map((record) => {
                const action = rowAction(record);
                const fields = (
                    <CardFields
                        columns={columns.filter((column) => !column.interactive)}
                        record={record}
                        resource={resource}
                    />
                );
                const controls = columns.filter((column) => column.interactive);
                const isExpanded = expanded.has(record.id);
                const detailsId = `${idPrefix}-details-${String(record.id)}`;
                let body: ReactNode = <CardContent>{fields}</CardContent>;
                if (action?.path) {
                    body = (
                        <CardActionArea component={Link} to={action.path}>
                            <CardContent>{fields}</CardContent>
                        </CardActionArea>
                    );
                } else if (action) {
                    body = (
                        <CardActionArea onClick={action.open}>
                            <CardContent>{fields}</CardContent>
                        </CardActionArea>
                    );
                }
                return (
                    <Card
                        component="li"
                        key={record.id}
                        variant="outlined"
                        sx={
                            selection?.isSelected(record.id)
                                ? { borderColor: 'primary.main' }
                                : undefined
                        }
                    >
                        {body}
                        {controls.length > 0 && (
                            <CardContent sx={{ pt: 0 }}>
                                <CardFields
                                    columns={controls}
                                    record={record}
                                    resource={resource}
                                />
                            </CardContent>
                        )}
                        {(selection || expand) && (
                            <CardActions sx={{ justifyContent: 'space-between' }}>
                                {selection ? (
                                    <FormControlLabel
                                        control={
                                            <Checkbox
                                                checked={selection.isSelected(record.id)}
                                                onChange={() => selection.toggle(record.id)}
                                            />
                                        }
                                        label={translate('ra.action.select_row')}
                                    />
                                ) : (
                                    <span />
                                )}
                                {expand && (
                                    <IconButton
                                        aria-expanded={isExpanded}
                                        aria-controls={isExpanded ? detailsId : undefined}
                                        aria-label={translate(
                                            isExpanded ? 'ra.action.close' : 'ra.action.expand',
                                        )}
                                        onClick={() => onToggleExpand(record.id)}
                                    >
                                        {isExpanded ? <ExpandLess /> : <ExpandMore />}
                                    </IconButton>
                                )}
                            </CardActions>
                        )}
                        {expand && (
                            <Collapse in={isExpanded} id={detailsId} unmountOnExit>
                                <CardContent>{expand(record)}</CardContent>
                            </Collapse>
                        )}
                    </Card>
                );
            })}
        </Box>
    );
}
