import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
    Alert,
    Box,
    Button,
    IconButton,
    LinearProgress,
    List,
    ListItem,
    ListItemText,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { AddressDeliveryInfo } from '../../../../domain/contracts/address-delivery-info';
import { useAppDialog } from '../../../layout/dialogs/useAppDialog';
import { addressLine, informationLines } from './addressInfoText';
import {
    ADDRESS_INFO_PAGE_SIZE,
    useAddressInfoEntries,
    useDeleteAddressInfo,
} from './useAddressInfo';

const key = 'app.addressInfo.entries';
/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The depot's current entries, searchable and paged; users who may write delete one after
 * confirming.
 */
export function AddressInfoEntries({
    depotPath,
    canDelete,
}: {
    depotPath: string;
    canDelete: boolean;
}) {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const listId = useId();
    const heading = useRef<HTMLHeadingElement>(null);
    const [search, setSearch] = useState('');
    const [q, setQ] = useState('');
    const [page, setPage] = useState(0);
    useEffect(() => {
        const timer = setTimeout(() => {
            setQ(search);
            setPage(0);
        }, SEARCH_DELAY_MS);
        return () => clearTimeout(timer);
    }, [search]);
    const entries = useAddressInfoEntries(depotPath, page, q);
    const remove = useDeleteAddressInfo(depotPath);
    const total = entries.data?.total ?? 0;
    const lastPage = Math.max(0, Math.ceil(total / ADDRESS_INFO_PAGE_SIZE) - 1);

    const confirmDelete = (entry: AddressDeliveryInfo) => {
        const address = addressLine(entry);
        dialog.open({
            type: 'warning',
            messageKey: `${key}.deleteConfirm`,
            descriptionKey: `${key}.deleteWarning`,
            values: { address },
            submit: {
                labelKey: `${key}.deleteAction`,
                onSubmit: () =>
                    remove.mutate(entry, {
                        onSuccess: () => {
                            // The last entry of a later page: show the page before.
                            if (page > 0 && entries.data?.entries.length === 1) setPage(page - 1);
                            // Its button is gone: keep the keyboard in the list's section.
                            heading.current?.focus();
                            notify(`${key}.deleted`, {
                                type: 'success',
                                messageArgs: { address },
                            });
                        },
                        onError: () =>
                            dialog.open({
                                type: 'error',
                                messageKey: `${key}.deleteFailed`,
                                values: { address },
                            }),
                    }),
            },
        });
    };

    const first = page * ADDRESS_INFO_PAGE_SIZE;
    return (
        <Stack spacing={1.5}>
            <Typography id={listId} ref={heading} tabIndex={-1} component="h3" variant="subtitle1">
                {translate(`${key}.title`, { n: total })}
            </Typography>
            <TextField
                type="search"
                size="small"
                label={translate(`${key}.search`)}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            {entries.isPending ? (
                <LinearProgress aria-label={translate('ra.page.loading')} />
            ) : entries.error ? (
                <Alert severity="error">{translate(`${key}.loadFailed`)}</Alert>
            ) : total === 0 ? (
                <Typography variant="body2">
                    {translate(q.trim() ? `${key}.noMatch` : `${key}.empty`)}
                </Typography>
            ) : (
                <List dense aria-labelledby={listId}>
                    {entries.data.entries.map((entry) => {
                        const address = addressLine(entry);
                        return (
                            <ListItem
                                key={entry.id}
                                divider
                                disableGutters
                                secondaryAction={
                                    canDelete ? (
                                        <IconButton
                                            edge="end"
                                            onClick={() => confirmDelete(entry)}
                                            disabled={remove.isPending}
                                            aria-label={translate(`${key}.delete`, { address })}
                                        >
                                            <DeleteOutline />
                                        </IconButton>
                                    ) : undefined
                                }
                            >
                                <ListItemText
                                    primary={address}
                                    secondary={informationLines(translate, entry).map((line) => (
                                        <Box key={line} component="span" sx={{ display: 'block' }}>
                                            {line}
                                        </Box>
                                    ))}
                                    slotProps={{
                                        primary: { sx: { overflowWrap: 'anywhere' } },
                                        secondary: { sx: { overflowWrap: 'anywhere' } },
                                    }}
                                    sx={{ pr: canDelete ? 4 : 0 }}
                                />
                            </ListItem>
                        );
                    })}
                </List>
            )}
            {total > ADDRESS_INFO_PAGE_SIZE && (
                <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
                >
                    <Button onClick={() => setPage(page - 1)} disabled={page === 0}>
                        {translate(`${key}.previous`)}
                    </Button>
                    <Typography variant="body2" role="status">
                        {translate(`${key}.range`, {
                            from: first + 1,
                            to: Math.min(first + ADDRESS_INFO_PAGE_SIZE, total),
                            total,
                        })}
                    </Typography>
                    <Button onClick={() => setPage(page + 1)} disabled={page >= lastPage}>
                        {translate(`${key}.next`)}
                    </Button>
                </Stack>
            )}
        </Stack>
    );
}
