import { Chip, Stack } from '@mui/material';
import {
    EditButton,
    Labeled,
    Show,
    TabbedShowLayout,
    TopToolbar,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { ClientConfigurationForm } from '../../configuration/ClientConfigurationForm';
import { ClientConfigurationHistory } from '../../configuration/ClientConfigurationHistory';
import type { Depot } from '../../../domain/contracts/depots';
import { DepotDetails } from './DepotDetails';
import { useDepotPermissions } from './useDepotPermissions';

function DepotShowActions() {
    const depot = useRecordContext<Depot>();
    const { canEdit } = useDepotPermissions();
    return <TopToolbar>{canEdit(depot) && <EditButton />}</TopToolbar>;
}

function DepotMappings() {
    const depot = useRecordContext<Depot>();
    const translate = useTranslate();
    if (!depot) return null;
    return (
        <Labeled label="resources.depots.fields.deviceMappings" sx={{ px: 2, pb: 2 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {depot.deviceMappings.length === 0
                    ? translate('app.depots.noMappings')
                    : depot.deviceMappings.map((pair) => (
                          <Chip
                              key={`${pair.service}:${pair.id}`}
                              size="small"
                              label={`${pair.service}:${pair.id}`}
                          />
                      ))}
            </Stack>
        </Labeled>
    );
}

function DepotConfiguration({ history }: { history: boolean }) {
    const depot = useRecordContext<Depot>();
    const { canEdit } = useDepotPermissions();
    if (!depot) return null;
    const owner = {
        kind: 'depot',
        tenantId: depot.tenantId,
        internalDepotId: depot.internalDepotId,
    } as const;
    return history ? (
        <ClientConfigurationHistory owner={owner} canEdit={canEdit(depot)} />
    ) : (
        <ClientConfigurationForm owner={owner} canEdit={canEdit(depot)} />
    );
}

/** A depot's details (domain §2): Core data, its client configuration and the configuration's history. */
export function DepotShow() {
    return (
        <Show actions={<DepotShowActions />}>
            <TabbedShowLayout>
                <TabbedShowLayout.Tab label="app.depots.tabs.core" path="">
                    <DepotDetails />
                    <DepotMappings />
                </TabbedShowLayout.Tab>
                <TabbedShowLayout.Tab label="app.depots.tabs.configuration" path="configuration">
                    <DepotConfiguration history={false} />
                </TabbedShowLayout.Tab>
                <TabbedShowLayout.Tab label="app.depots.tabs.history" path="configuration-history">
                    <DepotConfiguration history />
                </TabbedShowLayout.Tab>
            </TabbedShowLayout>
        </Show>
    );
}
