/**
 * Events the driver apps send (ARCHITECTURE.md "driver-app events (positions, scans, logins)"):
 * the tour commander ingests them; the depot health statistics read the scans and status changes.
 */
export const driverAppEventTypes = [
    'LOGIN',
    'LOGOUT',
    'POSITION',
    'SCAN',
    'STATUS_CHANGE',
] as const;
