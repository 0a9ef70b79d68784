import {
    Alert,
    Box,
    Card,
    CardContent,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppLicenses } from '../../../domain/contracts/fleet';
import type { AppDataProvider } from '../../dataProviders';
import type { AppUsersMethods } from '../../dataProviders/appUsersDataProvider';
import { useFormatters } from '../../settings/useFormatters';
import { isSelectableMonth, previousMonth } from './licenceMonth';

/**
 * Account licences of an organisation (`/tenant/:tenantId/accounts/licenses`, domain §9): for a
 * month (default the previous one) the peak daily number of distinct driver app logins with its
 * day, the account counts, and the same per depot.
 */
export function AppLicensesPage() {
    const { tenantId = '' } = useParams<{ tenantId: string }>();
    const translate = useTranslate();
    const formatters = useFormatters();
    const dataProvider = useDataProvider<AppDataProvider & AppUsersMethods>();
    const latest = useMemo(() => previousMonth(new Date()), []);
    const [month, setMonth] = useState(latest);
    const valid = isSelectableMonth(month, latest);
    const { data, error, isPending } = useQuery<AppLicenses>({
        queryKey: ['appLicenses', tenantId, month],
        queryFn: () => dataProvider.getAppLicenses(tenantId, month),
        enabled: Boolean(tenantId) && valid,
    });
    const number = (value: number) => formatters.number(value, { maxDecimals: 0 });
    return (
        <Box sx={{ mt: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
                <Typography component="h1" variant="h5" sx={{ mr: 'auto' }}>
                    {translate('app.licences.title')}
                </Typography>
                <TextField
                    type="month"
                    size="small"
                    label={translate('app.licences.month')}
                    value={month}
                    onChange={(event) => setMonth(event.target.value)}
                    error={!valid}
                    helperText={valid ? undefined : translate('app.licences.invalidMonth')}
                    slotProps={{ htmlInput: { max: latest }, inputLabel: { shrink: true } }}
                />
            </Box>
            {error ? (
                <Alert severity="error">{translate('app.licences.loadError')}</Alert>
            ) : isPending && valid ? (
                <Loading />
            ) : data ? (
                <>
                    <Box
                        sx={{
                            display: 'grid',
                            gap: 2,
                            gridTemplateColumns: {
                                xs: '1fr',
                                sm: 'repeat(2, 1fr)',
                                md: 'repeat(4, 1fr)',
                            },
                            mb: 2,
                        }}
                    >
                        <Tile
                            label={translate('app.licences.maxAppUsages')}
                            value={number(data.maxAppUsages)}
                            note={
                                data.peakDay
                                    ? translate('app.licences.peakDay', {
                                          day: formatters.date(data.peakDay),
                                      })
                                    : translate('app.licences.noLogins')
                            }
                        />
                        <Tile
                            label={translate('app.licences.drivers')}
                            value={number(data.accounts.drivers)}
                        />
                        <Tile
                            label={translate('app.licences.courierAccounts')}
                            value={number(data.accounts.courierAccounts)}
                        />
                        <Tile
                            label={translate('app.licences.activeInactive')}
                            value={`${number(data.accounts.active)} / ${number(data.accounts.inactive)}`}
                        />
                    </Box>
                    <Card>
                        <TableContainer
                            tabIndex={0}
                            role="region"
                            aria-label={translate('app.licences.perDepot')}
                            sx={{ maxHeight: '80vh' }}
                        >
                            <Table
                                size="small"
                                stickyHeader
                                aria-label={translate('app.licences.perDepot')}
                            >
                                <TableHead>
                                    <TableRow>
                                        <TableCell>{translate('app.licences.depot')}</TableCell>
                                        <TableCell align="right">
                                            {translate('app.licences.drivers')}
                                        </TableCell>
                                        <TableCell align="right">
                                            {translate('app.licences.courierAccounts')}
                                        </TableCell>
                                        <TableCell align="right">
                                            {translate('app.licences.maxAppUsages')}
                                        </TableCell>
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {data.depots.map((depot) => (
                                        <TableRow key={depot.internalDepotId}>
                                            <TableCell>{`${depot.externalDepotId} ${depot.name}`}</TableCell>
                                            <TableCell align="right">
                                                {number(depot.drivers)}
                                            </TableCell>
                                            <TableCell align="right">
                                                {number(depot.courierAccounts)}
                                            </TableCell>
                                            <TableCell align="right">
                                                {number(depot.maxAppUsages)}
                                            </TableCell>
                                        </TableRow>
                                    ))}
                                </TableBody>
                            </Table>
                        </TableContainer>
                    </Card>
                </>
            ) : null}
        </Box>
    );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
    return (
        <Card>
            <CardContent>
                <Typography variant="body2" color="text.secondary">
                    {label}
                </Typography>
                <Typography variant="h4" component="p">
                    {value}
                </Typography>
                {note && <Typography variant="body2">{note}</Typography>}
            </CardContent>
        </Card>
    );
}
