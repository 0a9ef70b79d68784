import { BooleanField, NumberField, SimpleShowLayout, TextField, WrapperField } from 'react-admin';

const coordinateOptions = { maximumFractionDigits: 6 };

/** A depot's core data as label/value pairs, for the depot page of every context. */
export function DepotDetails() {
    return (
        <SimpleShowLayout>
            <TextField source="name" />
            <TextField source="externalDepotId" />
            <TextField source="internalDepotId" />
            <WrapperField source="street" label="resources.depots.fields.address">
                <TextField source="street" /> <TextField source="houseNo" />,{' '}
                <TextField source="postcode" /> <TextField source="locality" />,{' '}
                <TextField source="countryCode" />
            </WrapperField>
            <TextField source="timeZone" />
            <TextField source="tenantName" />
            <TextField source="groupName" />
            <NumberField source="latitude" options={coordinateOptions} />
            <NumberField source="longitude" options={coordinateOptions} />
            <BooleanField source="manualJobUploadEnabled" />
        </SimpleShowLayout>
    );
}
