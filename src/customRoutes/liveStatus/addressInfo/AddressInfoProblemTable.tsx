import {
    Box,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { reasonText, type AddressInfoProblemLine } from './addressInfoPreview';

/** How many problems the table shows (a broken 10,000-row file would otherwise render them all). */
const SHOWN_PROBLEMS = 200;

/**
 * Every problem of a file, one line each: the spreadsheet row, the column (its label and the
 * header name it has in the file) and the reason in the user's language.
 */
export function AddressInfoProblemTable({ lines }: { lines: readonly AddressInfoProblemLine[] }) {
    const translate = useTranslate();
    const captionId = useId();
    const shown = lines.slice(0, SHOWN_PROBLEMS);
    return (
        <Box>
            <Typography id={captionId} variant="subtitle2" component="h3" gutterBottom>
                {translate('app.addressInfo.problemsTitle')}
            </Typography>
            <TableContainer
                role="region"
                aria-labelledby={captionId}
                tabIndex={0}
                sx={{ maxHeight: '40vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
                <Table size="small" stickyHeader aria-labelledby={captionId}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate('app.addressInfo.headers.row')}</TableCell>
                            <TableCell>{translate('app.addressInfo.headers.column')}</TableCell>
                            <TableCell>{translate('app.addressInfo.headers.reason')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {shown.map((line, index) => (
                            <TableRow key={`${line.row}-${line.column ?? ''}-${index}`}>
                                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                                    {line.row}
                                </TableCell>
                                <TableCell sx={{ verticalAlign: 'top' }}>
                                    {line.column && (
                                        <>
                                            {translate(`app.addressInfo.columns.${line.column}`)}
                                            <Box
                                                component="code"
                                                sx={{
                                                    display: 'block',
                                                    fontSize: '0.75rem',
                                                    color: 'text.secondary',
                                                }}
                                            >
                                                {line.column}
                                            </Box>
                                        </>
                                    )}
                                </TableCell>
                                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                                    {reasonText(translate, line)}
                                </TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </TableContainer>
            {lines.length > shown.length && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                    {translate('app.addressInfo.problemsMore', { n: lines.length - shown.length })}
                </Typography>
            )}
        </Box>
    );
}
