import type { DemoOrganisation } from './data/organisations.js';
import type { DemoDepot } from './organisations.js';
import type { Random } from './random.js';
import type { DepotConfigRevisionRow, TenantConfigRevisionRow } from './types.js';

/** How many depots get their own client configuration, and how many of those a second revision. */
const CONFIGURED_DEPOTS = 5;
const REVISED_DEPOTS = 2;

/** The tenant client configuration document (shell §3 Tenant configuration). */
export function tenantConfigDocument(organisation: DemoOrganisation) {
    return {
        frontend: {
            businessHours: { ...organisation.businessHours },
            maxTemporaryUsersPerDepot: 20,
            hidePhoneNumberLastDigits: false,
            // The fastest the configuration allows: the demo's live pages move visibly.
            liveDashboardRefreshIntervalInSec: 10,
            liveStatusShowLastUpdatedTime: true,
            addEditUserFrom: 'TENANT',
            deviceMappingServices: ['mdm'],
            driverUsernameRule: organisation.usernameRule,
        },
    };
}

/** Revision 1 of each organisation's configuration, saved by its organisation admin. */
export function tenantConfigRevisions(
    random: Random,
    organisations: readonly DemoOrganisation[],
    adminIdOf: (tenantId: string) => string | null,
): TenantConfigRevisionRow[] {
    return organisations.map((organisation) => ({
        id: random.id(),
        tenantId: organisation.id,
        revision: 1,
        document: tenantConfigDocument(organisation),
        createdBy: adminIdOf(organisation.id),
    }));
}

/** Depot-level overrides for a few depots (longer hours, faster refresh), some with a history. */
export function depotConfigRevisions(
    random: Random,
    depots: readonly DemoDepot[],
    adminIdOf: (tenantId: string) => string | null,
): DepotConfigRevisionRow[] {
    const rows: DepotConfigRevisionRow[] = [];
    random
        .shuffle(depots)
        .slice(0, CONFIGURED_DEPOTS)
        .forEach((depot, index) => {
            const opening = random.pick(['05:00', '05:30', '06:00']);
            const revisions = index < REVISED_DEPOTS ? 2 : 1;
            for (let revision = 1; revision <= revisions; revision++) {
                rows.push({
                    id: random.id(),
                    tenantId: depot.row.tenantId,
                    depotId: depot.row.internalDepotId,
                    revision,
                    document: {
                        frontend: {
                            businessHours: {
                                from: opening,
                                to: revision === 1 ? '21:30' : '22:00',
                            },
                            liveDashboardRefreshIntervalInSec: revision === 1 ? 20 : 10,
                        },
                    },
                    createdBy: adminIdOf(depot.row.tenantId),
                });
            }
        });
    return rows;
}
