/**
 * Address corrections sent by drivers (domain §3 Address correction, §4): a corrected position
 * for a delivery address, reviewed and approved or rejected in the back office.
 */

/** Domain §4 / shell §3: Pending, Approved, Rejected. */
export const addressCorrectionStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type AddressCorrectionStatus = (typeof addressCorrectionStatuses)[number];

/** Coordinate types seen (domain §3). */
export const coordinateTypes = ['ROOFTOP', 'STREET', 'HANDOVER'] as const;

/** Why the driver corrected the position (domain §4). */
export const driverCommentReasons = [
    'BEST_PARKING',
    'EASIER_NAVIGATION',
    'OTHER',
    'PIN_POSITION',
] as const;
