import type {
    Organisation,
    OrganisationCreateBody,
    OrganisationUpdateBody,
} from '../../../domain/contracts/organisations';
import { DEFAULT_BUSINESS_HOURS } from '../../../domain/tenantConfiguration';

/** What the organisation form edits: an answer's fields, regions with or without id. */
export interface OrganisationFormValues {
    id: string;
    name: string;
    countryCode: string;
    timeZone: string;
    businessHours: { from: string; to: string };
    regions: { id?: string; name: string }[];
    version?: number;
}

/** A new organisation starts with the shell §9 defaults (Europe/Berlin, 00:00-23:59) and one empty region. */
export const newOrganisationDefaults: OrganisationFormValues = {
    id: '',
    name: '',
    countryCode: '',
    timeZone: 'Europe/Berlin',
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    regions: [{ name: '' }],
};

const regionsOf = (values: Partial<OrganisationFormValues>) =>
    (values.regions ?? []).map((region) => ({
        ...(region.id ? { id: region.id } : {}),
        name: region.name.trim(),
    }));
const hoursOf = (values: Partial<OrganisationFormValues>) => ({
    from: values.businessHours?.from ?? '',
    to: values.businessHours?.to ?? '',
});

/** `POST /tenants` body of the create form. */
export function organisationCreateBodyOf(
    values: Partial<OrganisationFormValues>,
): OrganisationCreateBody {
    return {
        id: (values.id ?? '').trim(),
        name: (values.name ?? '').trim(),
        countryCode: values.countryCode ?? '',
        timeZone: values.timeZone ?? '',
        businessHours: hoursOf(values),
        regions: regionsOf(values).map(({ name }) => ({ name })),
    };
}

/** `PUT /tenants/:id` body of the edit form: every saved region by id, new ones without, the version it was based on. */
export function organisationUpdateBodyOf(
    values: Partial<OrganisationFormValues & Organisation>,
): OrganisationUpdateBody {
    return {
        name: (values.name ?? '').trim(),
        countryCode: values.countryCode ?? '',
        timeZone: values.timeZone ?? '',
        businessHours: hoursOf(values),
        regions: regionsOf(values),
        version: values.version ?? 0,
    };
}
