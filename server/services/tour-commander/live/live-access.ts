import { grantedScopes } from '../../../../domain/permissionChecks.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import { splitScopePath } from '../../../../domain/scopePath.js';
import type { Queryable } from '../../../db/client.js';
import { referenceData } from '../../../db/reference-data.js';
import { noDataPermission } from '../../../access/route-access.js';
import { narrowScopes } from '../../../access/scopes.js';
import type { FeedDepot, Viewer } from './depot-feed.js';

/** The action the live status needs (shell §6), and the one its map needs on top. */
export const LIVE_STATUS_ACTION = 'r:tour';
export const LIVE_MAP_ACTION = 'r:live-status-map';

/**
 * What a caller may see of the depot at `path`: tours under their r:tour grants, positions under
 * their r:live-status-map grants, both narrowed to the depot (a subcontractor user sees only
 * their subcontractor's tours).
 */
export function viewerFor(actions: ProfileActions, path: string): Viewer {
    return {
        tourScopes: narrowScopes(grantedScopes(actions, LIVE_STATUS_ACTION, 'depot'), path),
        mapScopes: narrowScopes(grantedScopes(actions, LIVE_MAP_ACTION, 'depot'), path),
    };
}

/**
 * What a caller may see on the organisation's map: r:live-status-map (and r:tour) granted in the
 * organisation view, narrowed to the organisation.
 */
export function fleetViewerFor(actions: ProfileActions, tenantId: string): Viewer {
    return {
        tourScopes: narrowScopes(grantedScopes(actions, LIVE_STATUS_ACTION, 'tenant'), tenantId),
        mapScopes: narrowScopes(grantedScopes(actions, LIVE_MAP_ACTION, 'tenant'), tenantId),
    };
}

/** The depot a scope path names; 403 NO_DATA_PERMISSION for a path that names no depot. */
export async function depotOfPath(db: Queryable, path: string): Promise<FeedDepot> {
    const internalDepotId = splitScopePath(path).at(-1) ?? '';
    const depot = (await referenceData(db)).depotById.get(internalDepotId);
    if (!depot || depot.scopePath !== path) throw noDataPermission(path);
    return {
        internalDepotId: depot.internalDepotId,
        externalDepotId: depot.externalDepotId,
        name: depot.name,
        timeZone: depot.timeZone,
        latitude: depot.latitude,
        longitude: depot.longitude,
        tenantId: depot.tenantId,
        scopePath: depot.scopePath,
    };
}
