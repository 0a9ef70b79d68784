/** The react-admin resource of the tours of every organisation (tour commander service). */
export const TOURS_RESOURCE = 'tourCommanderTours';

const BASE = '/administration/tour-commander/tour';

export const tourListPath = `${BASE}/list`;
export const tourViewPath = (tourId: string) => `${BASE}/view/${encodeURIComponent(tourId)}`;

/** Labels the tour pages share with other screens (the same words in every language). */
const sharedLabels: Record<string, string> = {
    organisation: 'resources.depots.fields.tenantName',
    depot: 'resources.depots.name_one',
    vehicleNumber: 'resources.vehicles.fields.number',
    subcontractorName: 'resources.subcontractor.name_one',
};

/** The translation key of a tour field's label. */
export const tourFieldLabel = (field: string) =>
    sharedLabels[field] ?? `resources.tourCommanderTours.fields.${field}`;
