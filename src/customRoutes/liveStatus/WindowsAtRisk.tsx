import {
    Box,
    Button,
    Card,
    CardContent,
    Link,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { WindowAtRisk } from '../../../domain/contracts/live-status';
import type { Formatters } from '../../../domain/formatting';

const key = 'app.liveStatus.windowsAtRisk';
/** Shown before "show all". */
const FIRST = 5;
const MINUTE_MS = 60_000;

/**
 * Open stops whose arrival window will be missed at the current pace (issue 15 part 5), soonest
 * window end first, with how late the stop will be. Each row leads to its tour.
 */
export function WindowsAtRisk({
    stops,
    formatters,
    tourPath,
    now,
}: {
    stops: readonly WindowAtRisk[];
    formatters: Formatters;
    tourPath: (tourId: string) => string;
    now: Date;
}) {
    const translate = useTranslate();
    const [all, setAll] = useState(false);
    const shown = all ? stops : stops.slice(0, FIRST);
    return (
        <Card variant="outlined" component="section" aria-labelledby="windows-at-risk-title">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Typography variant="h6" component="h2" id="windows-at-risk-title">
                    {translate(`${key}.title`, { count: stops.length })}
                </Typography>
                {stops.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${key}.none`)}
                    </Typography>
                ) : (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small" aria-labelledby="windows-at-risk-title">
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate(`${key}.tour`)}</TableCell>
                                    <TableCell>{translate(`${key}.address`)}</TableCell>
                                    <TableCell>{translate(`${key}.windowEnd`)}</TableCell>
                                    <TableCell>{translate(`${key}.eta`)}</TableCell>
                                    <TableCell>{translate(`${key}.late`)}</TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {shown.map((stop) => {
                                    const late = Math.round(
                                        (Date.parse(stop.eta) - Date.parse(stop.timeFrameTo)) /
                                            MINUTE_MS,
                                    );
                                    const left = Math.round(
                                        (Date.parse(stop.timeFrameTo) - now.getTime()) / MINUTE_MS,
                                    );
                                    return (
                                        <TableRow key={stop.waypointId}>
                                            <TableCell>
                                                <Link
                                                    component={RouterLink}
                                                    to={tourPath(stop.tourId)}
                                                >
                                                    {stop.tourNumber}
                                                </Link>
                                            </TableCell>
                                            <TableCell>{stop.address}</TableCell>
                                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                                                {formatters.time(stop.timeFrameTo)}
                                                <Box
                                                    component="span"
                                                    sx={{
                                                        display: 'block',
                                                        color: 'text.secondary',
                                                        fontSize: '0.75rem',
                                                    }}
                                                >
                                                    {left >= 0
                                                        ? translate(`${key}.minutesLeft`, {
                                                              minutes: left,
                                                          })
                                                        : translate(`${key}.closedAgo`, {
                                                              minutes: -left,
                                                          })}
                                                </Box>
                                            </TableCell>
                                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                                                {formatters.time(stop.eta)}
                                            </TableCell>
                                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                                                {translate(`${key}.lateBy`, { minutes: late })}
                                            </TableCell>
                                        </TableRow>
                                    );
                                })}
                            </TableBody>
                        </Table>
                    </Box>
                )}
                {stops.length > FIRST ? (
                    <Box>
                        <Button onClick={() => setAll((value) => !value)} aria-expanded={all}>
                            {translate(all ? `${key}.showFewer` : `${key}.showAll`, {
                                count: stops.length,
                            })}
                        </Button>
                    </Box>
                ) : null}
            </CardContent>
        </Card>
    );
}
