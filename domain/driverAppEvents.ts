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
export type DriverAppEventType = (typeof driverAppEventTypes)[number];

/** Events that count as "the last scan on a vehicle" of the health badge (shell §2.1). */
export const statusChangeEventTypes = [
    'SCAN',
    'STATUS_CHANGE',
] as const satisfies readonly DriverAppEventType[];
