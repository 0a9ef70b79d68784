import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { SEQUENCE_DIFFERENCE_RED } from '../../../domain/drivenHistory';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import type { DrivenRow } from './historyRows';

const key = 'app.tourHistory.driven';

/** A difference with its sign: later than suggested is positive. */
export const signed = (value: number, formatters: Formatters) =>
    value > 0 ? `+${formatters.number(value)}` : formatters.number(value);

/** The difference; past the limit in red, with an icon and words (not colour alone). */
function Difference({ row, formatters }: { row: DrivenRow; formatters: Formatters }) {
    const translate = useTranslate();
    if (row.difference === null) return <>{EMPTY_VALUE}</>;
    if (!row.red) return <>{signed(row.difference, formatters)}</>;
    return (
        <Box
            component="span"
            sx={{
                display: 'inline-flex',
                gap: 0.5,
                alignItems: 'center',
                color: 'error.main',
                fontWeight: 500,
                whiteSpace: 'nowrap',
            }}
        >
            <WarningAmber fontSize="small" aria-hidden />
            {translate(`${key}.differenceRed`, {
                value: signed(row.difference, formatters),
                limit: SEQUENCE_DIFFERENCE_RED,
            })}
        </Box>
    );
}

/** Whether the stop was reached by the replay's moment: marked with an icon and bold words. */
function AtReplay({ row }: { row: DrivenRow }) {
    const translate = useTranslate();
    if (!row.doneAtReplay)
        return <>{translate(row.ata === null ? `${key}.notDriven` : `${key}.notReached`)}</>;
    return (
        <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', fontWeight: 600 }}
        >
            <CheckCircle fontSize="small" color="success" aria-hidden />
            {translate(`${key}.reached`)}
        </Box>
    );
}

/** The driven-history table's columns: driven and suggested position, difference, stop, arrival, replay. */
export function useDrivenColumns(formatters: Formatters): TableColumn<DrivenRow>[] {
    return useMemo(
        () => [
            {
                key: 'order',
                title: `${key}.drivenPosition`,
                sortable: true,
                align: 'right',
                render: (row) => row.drivenPosition ?? EMPTY_VALUE,
            },
            {
                key: 'suggestedPosition',
                title: `${key}.suggestedPosition`,
                align: 'right',
                render: (row) => row.suggestedPosition ?? EMPTY_VALUE,
            },
            {
                key: 'differenceSize',
                title: `${key}.difference`,
                sortable: true,
                align: 'right',
                render: (row) => <Difference row={row} formatters={formatters} />,
            },
            {
                key: 'plannedSequence',
                title: `${key}.plannedSequence`,
                sortable: true,
                align: 'right',
            },
            { key: 'address', title: `${key}.address` },
            {
                key: 'ataKey',
                title: `${key}.ata`,
                sortable: true,
                render: (row) => (row.ata ? formatters.time(row.ata) : EMPTY_VALUE),
            },
            {
                key: 'doneAtReplay',
                title: `${key}.atReplay`,
                render: (row) => <AtReplay row={row} />,
            },
        ],
        [formatters],
    );
}
