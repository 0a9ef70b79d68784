import { ListBase } from 'react-admin';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { DEFAULT_ROWS_PER_PAGE } from '../../controls/table';
import { mayAddEditUsersIn, usersAddedAndEditedIn } from '../../../domain/tenantConfiguration';
import { AddEditElsewhereNotice } from '../../controls/AddEditElsewhereNotice';
import { AppUserTable } from '../app-accounts/AppUserTable';
import { useFleetView, useTenantFrontendConfiguration } from '../app-accounts/useFleetView';

/**
 * The drivers tab of a subcontractor (and the subcontractor user's driver list): its driver app
 * accounts; a row opens the edit dialog, where choosing another subcontractor moves the driver.
 */
export function SubcontractorDrivers({
    subcontractor,
    path,
}: {
    subcontractor?: Subcontractor;
    path: string;
}) {
    const view = useFleetView();
    const { configuration } = useTenantFrontendConfiguration(view.tenantId);
    const mayEdit = view.allows('u:driver', path);
    const editable = mayAddEditUsersIn('depot', configuration.addEditUserFrom) && mayEdit;
    return (
        <>
            {mayEdit && (
                <AddEditElsewhereNotice
                    where={usersAddedAndEditedIn('depot', configuration.addEditUserFrom)}
                />
            )}
            <ListBase
                resource="subcontractorDrivers"
                filter={{ path }}
                perPage={DEFAULT_ROWS_PER_PAGE}
                sort={{ field: 'lastName', order: 'ASC' }}
                disableSyncWithLocation
                storeKey={`subcontractorDrivers.${path}`}
            >
                <AppUserTable
                    tableId="subcontractorDrivers"
                    driverType="DRIVER"
                    hidePhoneDigits={configuration.hidePhoneNumberLastDigits}
                    canEdit={() => editable}
                    bulk={{ activate: false, deactivate: false, delete: false }}
                    subcontractorFilter={{
                        depotId: subcontractor?.depotId ?? view.internalDepotId ?? '',
                    }}
                    {...(view.tenantId ? { tenantId: view.tenantId } : {})}
                />
            </ListBase>
        </>
    );
}
