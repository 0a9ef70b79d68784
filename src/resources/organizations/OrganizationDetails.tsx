import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Labeled, TextField, useTranslate } from 'react-admin';
import type { Organisation } from '../../../domain/contracts/organisations';
import { DepotTemplateLink } from '../depots/DepotTemplateLink';
import { useCountryName } from './useCountryName';

/** The regions of an organisation with their ids (the depot CSV's regionId) and depot counts. */
function RegionTable({ organisation }: { organisation: Organisation }) {
    const translate = useTranslate();
    return (
        <Table
            size="small"
            aria-label={translate('resources.organizations.fields.regions')}
            sx={{ maxWidth: 560 }}
        >
            <TableHead>
                <TableRow>
                    <TableCell>{translate('app.organisations.regionName')}</TableCell>
                    <TableCell>{translate('app.organisations.regionId')}</TableCell>
                    <TableCell align="right">
                        {translate('resources.organizations.fields.depotCount')}
                    </TableCell>
                </TableRow>
            </TableHead>
            <TableBody>
                {organisation.regions.map((region) => (
                    <TableRow key={region.id}>
                        <TableCell>{region.name}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{region.id}</TableCell>
                        <TableCell align="right">{region.depotCount}</TableCell>
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    );
}

/** An organisation's core data: id, name, country, time zone, business hours and regions. */
export function OrganizationDetails({ organisation }: { organisation: Organisation }) {
    const countryName = useCountryName();
    return (
        <Stack spacing={2} sx={{ py: 1 }}>
            <Labeled source="name">
                <TextField source="name" component="h2" variant="h6" />
            </Labeled>
            <Labeled source="id">
                <TextField source="id" />
            </Labeled>
            <Labeled source="countryCode">
                <Typography variant="body2">{`${countryName(organisation.countryCode)} (${organisation.countryCode})`}</Typography>
            </Labeled>
            <Labeled source="timeZone">
                <TextField source="timeZone" />
            </Labeled>
            <Labeled source="businessHours">
                <Typography variant="body2">{`${organisation.businessHours.from} – ${organisation.businessHours.to}`}</Typography>
            </Labeled>
            <Labeled source="regions" fullWidth>
                <RegionTable organisation={organisation} />
            </Labeled>
            <DepotTemplateLink organisation={organisation} />
        </Stack>
    );
}
