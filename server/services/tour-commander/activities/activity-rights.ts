import type { TourActivityRights } from '../../../../domain/contracts/tour-activities.js';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import { narrowScopes, scopeSetCovers, type ScopeSet } from '../../../access/scopes.js';

/** The codes of daily activities (shell §6): the page's, and what each adds to it. */
export const TOUR_ACTIVITY_ACTION = 'r:tour-activity';
export const TOUR_LOCATION_HISTORY_ACTION = 'r:tour-location-history';
const extraCodes = {
    rtt: 'r:rtt',
    recommendations: 'r:tour-activity-recommendations',
    full: 'r:tour-activity-full',
    locationHistory: TOUR_LOCATION_HISTORY_ACTION,
} as const;

/** Where at the depot the caller holds each extra right (each needs r:tour-activity too). */
export type ActivityRightScopes = Record<keyof typeof extraCodes, ScopeSet>;

export function activityRightScopes(
    actions: ProfileActions,
    depotPath: string,
): ActivityRightScopes {
    const at = (code: string) => narrowScopes(grantedScopes(actions, code, 'depot'), depotPath);
    return {
        rtt: at(extraCodes.rtt),
        recommendations: at(extraCodes.recommendations),
        full: at(extraCodes.full),
        locationHistory: at(extraCodes.locationHistory),
    };
}

const anywhere = (scopes: ScopeSet) => scopes === 'ALL' || scopes.length > 0;

/** Which extra rights the caller holds somewhere at the depot (the page's columns). */
export function rightsAnswer(scopes: ActivityRightScopes): TourActivityRights {
    return {
        rtt: anywhere(scopes.rtt),
        recommendations: anywhere(scopes.recommendations),
        full: anywhere(scopes.full),
        locationHistory: anywhere(scopes.locationHistory),
    };
}

/**
 * The extra rights that cover one tour (its subcontractor's scope path): a subcontractor user's
 * right at their subcontractor shows their own tours' figures only.
 */
export function rightsOfTour(
    scopes: ActivityRightScopes,
    tourScopePath: string,
): Omit<TourActivityRights, 'locationHistory'> {
    return {
        rtt: scopeSetCovers(scopes.rtt, tourScopePath),
        recommendations: scopeSetCovers(scopes.recommendations, tourScopePath),
        full: scopeSetCovers(scopes.full, tourScopePath),
    };
}
