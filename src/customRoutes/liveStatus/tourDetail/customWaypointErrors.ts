const key = 'app.tourDetail.customWaypoints.refusals';

/** Refusals of the custom waypoint calls that have a text of their own. */
const explained = new Set([
    'CUSTOM_WAYPOINT_COORDINATES_INVALID',
    'CUSTOM_WAYPOINT_COORDINATES_REQUIRED',
    'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND',
    'CUSTOM_WAYPOINT_TOUR_FINISHED',
    'CUSTOM_WAYPOINT_LIMIT_REACHED',
    'NOT_FOUND',
]);

/**
 * The text key that explains why adding or deleting a custom waypoint failed: the server's code
 * (an address found too far away has its own), else a generic text. Read by shape, as
 * react-admin's `HttpError` (status and the `{code, details}` body).
 */
export function customWaypointErrorKey(error: unknown): string {
    const body =
        error && typeof error === 'object' && 'body' in error
            ? (error.body as { code?: unknown; details?: { rule?: unknown }[] } | undefined)
            : undefined;
    const code = typeof body?.code === 'string' ? body.code : undefined;
    if (code === 'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND' && body?.details?.[0]?.rule === 'TOO_FAR')
        return `${key}.ADDRESS_TOO_FAR`;
    return code && explained.has(code) ? `${key}.${code}` : `${key}.generic`;
}
