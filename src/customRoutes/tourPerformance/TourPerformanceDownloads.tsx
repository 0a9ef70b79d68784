import Download from '@mui/icons-material/Download';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { DateRange } from '../../controls/dateRange';
import { saveFile } from '../../resources/backoffice/saveFile';
import { fetchPerformanceFile } from './tourPerformanceApi';

const key = 'app.tourPerformance.download';
const formats = ['csv', 'xlsx'] as const;

/** The list of the range as a CSV file or an Excel workbook, made by the server. */
export function TourPerformanceDownloads(props: {
    base: string;
    depotPath: string;
    range: DateRange;
}) {
    const { base, depotPath, range } = props;
    const translate = useTranslate();
    const notify = useNotify();
    const [busy, setBusy] = useState<(typeof formats)[number] | null>(null);
    const download = async (format: (typeof formats)[number]) => {
        setBusy(format);
        try {
            saveFile(await fetchPerformanceFile(base, depotPath, range, format));
        } catch {
            notify(`${key}.error`, { type: 'error' });
        } finally {
            setBusy(null);
        }
    };
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {formats.map((format) => (
                <Button
                    key={format}
                    variant="outlined"
                    startIcon={<Download />}
                    disabled={depotPath === '' || busy !== null}
                    onClick={() => void download(format)}
                >
                    {translate(`${key}.${format}`)}
                </Button>
            ))}
        </Box>
    );
}
