import {
    EditButton,
    Show,
    TabbedShowLayout,
    TopToolbar,
    useRecordContext,
    WithRecord,
} from 'react-admin';
import type { Organisation } from '../../../domain/contracts/organisations';
import { ClientConfigurationForm } from '../../configuration/ClientConfigurationForm';
import { ClientConfigurationHistory } from '../../configuration/ClientConfigurationHistory';
import { OrganizationDetails } from './OrganizationDetails';

function OrganizationShowActions() {
    const organisation = useRecordContext<Organisation>();
    return <TopToolbar>{organisation && <EditButton />}</TopToolbar>;
}

/**
 * One organisation (shell §2.5: details, configuration, configurations): its core data with the
 * regions and their depots, its client configuration and the configuration's history.
 */
export function OrganizationShow() {
    return (
        <Show actions={<OrganizationShowActions />}>
            <TabbedShowLayout>
                <TabbedShowLayout.Tab label="app.organisations.tabs.details">
                    <WithRecord<Organisation>
                        render={(organisation) => (
                            <OrganizationDetails organisation={organisation} />
                        )}
                    />
                </TabbedShowLayout.Tab>
                <TabbedShowLayout.Tab
                    label="app.organisations.tabs.configuration"
                    path="configuration"
                >
                    <WithRecord<Organisation>
                        render={(organisation) => (
                            <ClientConfigurationForm
                                owner={{ kind: 'tenant', tenantId: organisation.id }}
                                canEdit
                            />
                        )}
                    />
                </TabbedShowLayout.Tab>
                <TabbedShowLayout.Tab
                    label="app.organisations.tabs.configurations"
                    path="configurations"
                >
                    <WithRecord<Organisation>
                        render={(organisation) => (
                            <ClientConfigurationHistory
                                owner={{ kind: 'tenant', tenantId: organisation.id }}
                                canEdit
                            />
                        )}
                    />
                </TabbedShowLayout.Tab>
            </TabbedShowLayout>
        </Show>
    );
}
