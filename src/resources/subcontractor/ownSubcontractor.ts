/** The drawer's stable id segment of the driver list: resolved to the user's own subcontractor. */
export const OWN_SUBCONTRACTOR = 'own';
