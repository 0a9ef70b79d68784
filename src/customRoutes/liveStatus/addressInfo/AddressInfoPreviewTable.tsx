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
import type { AddressInfoEntry } from '../../../../domain/addressDeliveryInfo';
import { addressLine, informationLines } from './addressInfoText';

/** Rows the preview shows (the server receives the whole file). */
const PREVIEW_ROWS = 20;

/** The first rows of a valid file as they will be stored: row, address, what the driver gets. */
export function AddressInfoPreviewTable({ entries }: { entries: readonly AddressInfoEntry[] }) {
    const translate = useTranslate();
    const captionId = useId();
    const shown = entries.slice(0, PREVIEW_ROWS);
    return (
        <Box>
            <Typography id={captionId} variant="subtitle2" component="h3" gutterBottom>
                {translate('app.addressInfo.previewTitle')}
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
                            <TableCell>{translate('app.addressInfo.headers.address')}</TableCell>
                            <TableCell>
                                {translate('app.addressInfo.headers.information')}
                            </TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {shown.map((entry) => (
                            <TableRow key={entry.row}>
                                <TableCell sx={{ verticalAlign: 'top' }}>{entry.row}</TableCell>
                                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                                    {addressLine(entry.values)}
                                </TableCell>
                                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                                    {informationLines(translate, entry.values).map((line) => (
                                        <Box key={line} component="span" sx={{ display: 'block' }}>
                                            {line}
                                        </Box>
                                    ))}
                                </TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </TableContainer>
            {entries.length > shown.length && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                    {translate('app.addressInfo.previewMore', { n: entries.length - shown.length })}
                </Typography>
            )}
        </Box>
    );
}
