import Add from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import {
    ArrayInput,
    AutocompleteInput,
    RemoveItemButton,
    SelectInput,
    SimpleFormIterator,
    SimpleFormIteratorClasses,
    TextInput,
    useSimpleFormIterator,
    useTranslate,
    type RaRecord,
} from 'react-admin';
import {
    ORGANISATION_NAME_MAX_LENGTH,
    REGION_NAME_MAX_LENGTH,
    TENANT_ID_MAX_LENGTH,
} from '../../../domain/organisations';
import { timeZoneChoices, useCountryChoices } from './useCountryName';
import {
    validateCountry,
    validateFrom,
    validateName,
    validateRegionName,
    validateRegions,
    validateTenantId,
    validateTimeZone,
    validateTo,
} from './organizationValidators';

const zones = timeZoneChoices();
/** Saved regions (the stored record's rows, which have an id) can be renamed but never removed. */
const savedRegion = (region: RaRecord) => Boolean(region?.id);

/** A labelled button (not an icon alone): the form's way to add a region row. */
function AddRegionButton() {
    const { add } = useSimpleFormIterator();
    const translate = useTranslate();
    return (
        <Button size="small" startIcon={<Add />} onClick={() => add({ name: '' })}>
            {translate('app.organisations.addRegion')}
        </Button>
    );
}

/** The fields of an organisation, shared by create and edit. The id and the country are fixed once saved. */
export function OrganizationInputs({ creating }: { creating: boolean }) {
    const translate = useTranslate();
    const countries = useCountryChoices();
    return (
        <Box sx={{ width: '100%', maxWidth: 720 }}>
            <TextInput
                source="id"
                validate={creating ? validateTenantId : undefined}
                readOnly={!creating}
                helperText={creating ? 'app.organisations.idHelp' : false}
                fullWidth
                slotProps={{
                    htmlInput: {
                        maxLength: TENANT_ID_MAX_LENGTH,
                        autoComplete: 'off',
                        spellCheck: false,
                    },
                }}
            />
            <TextInput
                source="name"
                validate={validateName}
                fullWidth
                slotProps={{ htmlInput: { maxLength: ORGANISATION_NAME_MAX_LENGTH } }}
            />
            <SelectInput
                source="countryCode"
                choices={countries}
                translateChoice={false}
                validate={creating ? validateCountry : undefined}
                readOnly={!creating}
                helperText={creating ? 'app.organisations.countryHelp' : false}
                fullWidth
            />
            {/* Not the field's helper text: a read-only field greys it out below the contrast minimum. */}
            {!creating && (
                <Typography
                    variant="caption"
                    component="p"
                    sx={{ color: 'text.secondary', mt: -0.5, mb: 2, mx: 1.75 }}
                >
                    {translate('app.organisations.countryFixed')}
                </Typography>
            )}
            <AutocompleteInput
                source="timeZone"
                choices={zones}
                translateChoice={false}
                validate={validateTimeZone}
                disableClearable
                fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                <TextInput
                    source="businessHours.from"
                    type="time"
                    label="app.organisations.hoursFrom"
                    validate={validateFrom}
                    sx={{ minWidth: 180 }}
                />
                <TextInput
                    source="businessHours.to"
                    type="time"
                    label="app.organisations.hoursTo"
                    validate={validateTo}
                    sx={{ minWidth: 180 }}
                />
            </Stack>
            <ArrayInput
                source="regions"
                validate={validateRegions}
                helperText={creating ? false : 'app.organisations.regionsHelp'}
            >
                <SimpleFormIterator
                    inline
                    disableReordering
                    disableClear
                    disableRemove={creating ? false : savedRegion}
                    addButton={<AddRegionButton />}
                    removeButton={<RemoveItemButton label="app.organisations.removeRegion" />}
                    // react-admin shows row actions on hover only; keyboard users need them always.
                    sx={{ [`& .${SimpleFormIteratorClasses.action}`]: { visibility: 'visible' } }}
                >
                    <TextInput
                        source="name"
                        label="app.organisations.regionName"
                        validate={validateRegionName}
                        slotProps={{ htmlInput: { maxLength: REGION_NAME_MAX_LENGTH } }}
                    />
                </SimpleFormIterator>
            </ArrayInput>
        </Box>
    );
}
