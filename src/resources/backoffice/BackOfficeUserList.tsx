import { List, Loading } from 'react-admin';
import { DEFAULT_ROWS_PER_PAGE } from '../../controls/table';
import { BackOfficeUserTable } from './BackOfficeUserTable';
import { MfaRequirementSwitch } from './MfaRequirementSwitch';
import { useUserView } from './useUserView';

/**
 * Back-office users of the current view (issue 5): `/administration/users/backoffice`,
 * `/tenant/:tenantId/users/backoffice` and `/depot/:tenantId/:externalDepotId/users/backoffice`.
 * The server limits the rows to the caller's scopes inside the view; the sort is in the URL
 * (`backofficeUsers_sort_by`, `backofficeUsers_sort_desc`).
 */
export function BackOfficeUserList() {
    const state = useUserView();
    const { view } = state;
    if (!view) return <Loading />;
    return (
        <List
            key={`${view.context}:${view.path ?? ''}`}
            queryOptions={{ meta: { ...view } }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'lastName', order: 'ASC' }}
            storeKey={`backoffice.${view.context}.${view.path ?? ''}`}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
        >
            {view.context === 'tenant' && view.path && (
                <MfaRequirementSwitch tenantId={view.path} />
            )}
            <BackOfficeUserTable
                view={view}
                addEditUserFrom={state.addEditUserFrom}
                timeZone={state.timeZone}
            />
        </List>
    );
}
