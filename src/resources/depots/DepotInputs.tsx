import { Grid } from '@mui/material';
import {
    ArrayInput,
    AutocompleteInput,
    BooleanInput,
    NumberInput,
    SelectInput,
    SimpleFormIterator,
    TextInput,
    useGetList,
    useGetOne,
    useTranslate,
} from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { getBrowserConfig } from '../../config';
import { timeZoneChoices, useDepotFormData } from './useDepotFormData';

/**
 * Every field of a depot (domain §3), shared by create and edit. The organisation is chosen in the
 * administration when creating (fixed otherwise); regions and the device-mapping services offered
 * come from that organisation. Empty coordinates mean "find them from the address" where a
 * geocoder is configured; otherwise they are required.
 */
export function DepotInputs({
    chooseOrganisation,
    isCreate = false,
}: {
    chooseOrganisation: boolean;
    isCreate?: boolean;
}) {
    const translate = useTranslate();
    const tenantId = useWatch<{ tenantId?: string }>({ name: 'tenantId' });
    const { getValues, setValue } = useFormContext();
    const organisation = useGetOne<{ id: string; countryCode: string; timeZone: string }>(
        'organizations',
        { id: tenantId ?? '' },
        { enabled: isCreate && Boolean(tenantId) },
    );
    // A new depot starts with its organisation's country and time zone (still editable).
    useEffect(() => {
        const data = organisation.data;
        if (!isCreate || !data) return;
        if (!getValues('countryCode')) setValue('countryCode', data.countryCode);
        if (!getValues('timeZone') && data.timeZone) setValue('timeZone', data.timeZone);
    }, [isCreate, organisation.data, getValues, setValue]);
    const { regions, services, isPending } = useDepotFormData(tenantId);
    const organisations = useGetList<{ id: string; name: string }>(
        'organizations',
        { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
        { enabled: chooseOrganisation },
    );
    const serviceChoices = services.map((service) => ({ id: service, name: service }));
    return (
        // The theme's error red on a focused filled field is below 4.5:1; the darker shade keeps labels and messages readable.
        <Grid container spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
            {chooseOrganisation && (
                <Grid size={{ xs: 12, sm: 6 }}>
                    <SelectInput
                        source="tenantId"
                        label="resources.depots.fields.tenantName"
                        choices={organisations.data ?? []}
                        isPending={organisations.isPending}
                        fullWidth
                        helperText={false}
                    />
                </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                    source="groupId"
                    label="resources.depots.fields.groupName"
                    choices={regions}
                    disabled={!tenantId}
                    fullWidth
                    helperText={false}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="externalDepotId" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="name" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
                <TextInput source="street" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
                <TextInput source="houseNo" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
                <TextInput source="postcode" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
                <TextInput source="locality" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
                <TextInput
                    source="countryCode"
                    fullWidth
                    helperText="app.depots.form.countryHelp"
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <NumberInput
                    source="latitude"
                    fullWidth
                    helperText={
                        getBrowserConfig().addressLookup
                            ? 'app.depots.form.coordinatesHelp'
                            : 'app.depots.form.coordinatesRequiredHelp'
                    }
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <NumberInput source="longitude" fullWidth helperText={false} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <AutocompleteInput
                    source="timeZone"
                    choices={timeZoneChoices()}
                    fullWidth
                    helperText={false}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <BooleanInput source="manualJobUploadEnabled" />
            </Grid>
            <Grid size={12}>
                <ArrayInput
                    source="deviceMappings"
                    label="resources.depots.fields.deviceMappings"
                    helperText={
                        tenantId && !isPending && services.length === 0
                            ? 'app.depots.form.noServices'
                            : false
                    }
                >
                    <SimpleFormIterator inline disableReordering>
                        <SelectInput
                            source="service"
                            label="app.depots.form.service"
                            choices={serviceChoices}
                        />
                        <TextInput
                            source="id"
                            label="app.depots.form.deviceId"
                            helperText={false}
                        />
                    </SimpleFormIterator>
                </ArrayInput>
            </Grid>
            <Grid size={12} sx={{ color: 'text.secondary', typography: 'body2' }}>
                {translate('app.depots.form.mappingHelp')}
            </Grid>
        </Grid>
    );
}
