import { CreateButton, List, SelectInput, TopToolbar } from 'react-admin';
import type { Organisation } from '../../../domain/contracts/organisations';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import { useCountryChoices, useCountryName } from './useCountryName';

function CountryName({ code }: { code: string }) {
    const countryName = useCountryName();
    return <>{countryName(code)}</>;
}

/** Sortable columns sort on the server; the region count and hours are shown as they are. */
const organizationColumns: TableColumn<Organisation>[] = [
    { key: 'name', sortable: true },
    { key: 'id', sortable: true },
    {
        key: 'countryCode',
        sortable: true,
        render: (organisation) => <CountryName code={organisation.countryCode} />,
    },
    {
        key: 'regions',
        sortable: false,
        align: 'right',
        render: (organisation) => organisation.regions.length,
    },
    { key: 'depotCount', sortable: true, align: 'right' },
    {
        key: 'businessHours',
        sortable: false,
        render: (organisation) =>
            `${organisation.businessHours.from} – ${organisation.businessHours.to}`,
    },
];

function OrganizationListActions() {
    return (
        <TopToolbar>
            <CreateButton />
        </TopToolbar>
    );
}

/** Every organisation (admins; domain §2 Organizations): search by id or name, a country filter, sort, Add. */
export function OrganizationList() {
    const countries = useCountryChoices();
    const filters = [
        <SelectInput
            key="countryCode"
            source="countryCode"
            choices={countries}
            translateChoice={false}
        />,
    ];
    return (
        <List
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={defaultSort(organizationColumns)}
            storeKey="organizations.admin"
            disableSyncWithLocation
            exporter={false}
            actions={<OrganizationListActions />}
            pagination={false}
            empty={false}
        >
            <BackOfficeTable
                tableId="organizations"
                columns={organizationColumns}
                syncWithUrl
                rowLink="show"
                filters={filters}
            />
        </List>
    );
}
