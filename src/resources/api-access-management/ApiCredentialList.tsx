import Add from '@mui/icons-material/Add';
import MenuBook from '@mui/icons-material/MenuBook';
import { Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { List, TopToolbar, useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ApiCredential, ApiCredentialWithSecret } from '../../../domain/contracts/api-access';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import { useFormatters } from '../../settings/useFormatters';
import { ApiCredentialCreateDialog } from './ApiCredentialCreateDialog';
import { ApiCredentialSecretDialog } from './ApiCredentialSecretDialog';
import { ApiCredentialStatus } from './ApiCredentialStatus';
import { DeveloperPortalDialog } from './DeveloperPortalDialog';
import { useApiCredentialPermissions } from './useApiCredentialPermissions';

function Scopes({ credential }: { credential: ApiCredential }) {
    return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {credential.scopes.map((scope) => (
                <Chip key={scope} size="small" label={scope} sx={{ fontFamily: 'monospace' }} />
            ))}
        </Stack>
    );
}

function FormattedDate({ value, never }: { value: string | null; never?: boolean }) {
    const translate = useTranslate();
    const formatters = useFormatters();
    if (value === null)
        return <>{never ? translate('app.apiAccess.never') : translate('app.apiAccess.notUsed')}</>;
    return <>{formatters.dateTime(value)}</>;
}

const columns: TableColumn<ApiCredential>[] = [
    { key: 'name', sortable: true },
    { key: 'clientId', sortable: true, render: (credential) => <code>{credential.clientId}</code> },
    { key: 'scopes', sortable: false, render: (credential) => <Scopes credential={credential} /> },
    {
        key: 'status',
        sortable: false,
        render: (credential) => <ApiCredentialStatus status={credential.status} />,
    },
    {
        key: 'expiresAt',
        sortable: true,
        render: (credential) => <FormattedDate value={credential.expiresAt} never />,
    },
    {
        key: 'lastUsedAt',
        sortable: true,
        render: (credential) => <FormattedDate value={credential.lastUsedAt} />,
    },
];

function ApiCredentialListActions() {
    const translate = useTranslate();
    const navigate = useNavigate();
    const createPath = useCreatePath();
    const { tenantId, canWrite } = useApiCredentialPermissions();
    const [creating, setCreating] = useState(false);
    const [portal, setPortal] = useState(false);
    // The new secret lives only here, and only until its dialog closes.
    const [created, setCreated] = useState<ApiCredentialWithSecret | null>(null);
    const closeSecret = () => {
        const id = created?.id;
        setCreated(null);
        if (id) navigate(createPath({ resource: 'api-access-management', type: 'edit', id }));
    };
    return (
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button startIcon={<MenuBook />} onClick={() => setPortal(true)}>
                {translate('app.apiAccess.portal.open')}
            </Button>
            {canWrite && (
                <Button startIcon={<Add />} variant="contained" onClick={() => setCreating(true)}>
                    {translate('app.apiAccess.create.open')}
                </Button>
            )}
            {canWrite && (
                <ApiCredentialCreateDialog
                    open={creating}
                    tenantId={tenantId}
                    onClose={() => setCreating(false)}
                    onCreated={(credential) => {
                        setCreating(false);
                        setCreated(credential);
                    }}
                />
            )}
            <ApiCredentialSecretDialog
                secret={
                    created && {
                        clientId: created.clientId,
                        clientSecret: created.clientSecret,
                        rotated: false,
                    }
                }
                onClose={closeSecret}
            />
            <DeveloperPortalDialog open={portal} onClose={() => setPortal(false)} />
        </TopToolbar>
    );
}

/**
 * The API credentials of the organisation in the route (domain §2 API Access Management):
 * name, client id, scopes, status, expiry, last use; a new credential (w:) and the Developer Portal.
 * Access is checked by the tenant route and the server (r:api-access-management on the organisation).
 */
export function ApiCredentialList() {
    const { tenantId } = useApiCredentialPermissions();
    return (
        <List
            resource="api-access-management"
            filter={{ tenantId }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={defaultSort(columns)}
            storeKey={`api-access-management.tenant.${tenantId}`}
            disableSyncWithLocation
            exporter={false}
            actions={<ApiCredentialListActions />}
            pagination={false}
            empty={false}
        >
            <BackOfficeTable
                tableId="apiCredentials"
                columns={columns}
                syncWithUrl
                rowLink="edit"
            />
        </List>
    );
}
