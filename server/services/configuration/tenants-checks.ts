import type { ErrorDetail } from '../../../domain/contracts/common.js';
import type {
    Organisation,
    OrganisationUpdateBody,
} from '../../../domain/contracts/organisations.js';
import { organisationErrors, removedRegionIds } from '../../../domain/organisations.js';
import { badRequest, conflict, type AppError } from '../../errors.js';

/**
 * The checks of organisation writes: the rules of domain/organisations.ts as 400 answers, the
 * fixed country, the stored regions an update must keep, and the conflicts of ids and versions.
 */

/** The body rules (the id only when creating): 400 INVALID_TENANT_ID when the id is at fault, else BAD_REQUEST, naming every field. */
export function assertOrganisationBody(
    body: Omit<OrganisationUpdateBody, 'version'> & { id?: string },
    creating: boolean,
): void {
    const errors = organisationErrors(body, creating);
    const [first] = errors;
    if (!first) return;
    throw badRequest(
        first.message,
        errors,
        errors.some((error) => error.field === '/body/id') ? 'INVALID_TENANT_ID' : 'BAD_REQUEST',
    );
}

/** 400 TENANT_COUNTRY_FIXED when an update changes the country. */
export function assertCountryKept(before: Organisation, body: OrganisationUpdateBody): void {
    if (body.countryCode === before.countryCode) return;
    throw badRequest(
        `The country of an organisation cannot be changed (it is ${before.countryCode}).`,
        [{ field: '/body/countryCode', message: `countryCode is fixed to ${before.countryCode}` }],
        'TENANT_COUNTRY_FIXED',
    );
}

/** 400 naming each region id of the body that is not a region of the organisation. */
export function assertKnownRegions(before: Organisation, body: OrganisationUpdateBody): void {
    const known = new Set(before.regions.map((region) => region.id));
    const seen = new Set<string>();
    const details: ErrorDetail[] = body.regions.flatMap((region, index) => {
        if (!region.id) return [];
        const repeated = seen.has(region.id);
        seen.add(region.id);
        if (!known.has(region.id))
            return [
                {
                    field: `/body/regions/${index}/id`,
                    message: `regions.${index}.id ${region.id} is not a region of the organisation`,
                },
            ];
        return repeated
            ? [
                  {
                      field: `/body/regions/${index}/id`,
                      message: `regions.${index}.id ${region.id} is listed twice`,
                  },
              ]
            : [];
    });
    const [first] = details;
    if (first) throw badRequest(first.message, details);
}

/** 400 TENANT_REGION_REMOVED naming the stored regions an update leaves out (regions are never removed). */
export function assertNoRegionRemoved(before: Organisation, body: OrganisationUpdateBody): void {
    const removed = removedRegionIds(
        before.regions.map((region) => region.id),
        body.regions,
    );
    if (removed.length === 0) return;
    const names = before.regions
        .filter((region) => removed.includes(region.id))
        .map((region) => `${region.name} (${region.id})`);
    throw badRequest(
        `Regions cannot be removed: ${names.join(', ')} must stay.`,
        names.map((name) => ({ field: '/body/regions', message: `region ${name} is missing` })),
        'TENANT_REGION_REMOVED',
    );
}

/** 409 DUPLICATE_TENANT_ID: `id` is taken by `existing` (the same id ignoring case and `_`/`-`). */
export const duplicateId = (id: string, existing: string): AppError =>
    conflict(
        'DUPLICATE_TENANT_ID',
        existing === id
            ? `An organisation with the id ${id} already exists.`
            : `The id ${id} is taken: it reads like the existing organisation ${existing} (letter case and _/- are not told apart).`,
        [{ field: '/body/id', message: 'id is already used' }],
    );

/** 409 STALE_RECORD: the organisation changed since the caller loaded it. */
export const staleOrganisation = (): AppError =>
    conflict(
        'STALE_RECORD',
        'The organisation was changed by someone else since it was loaded; reload it and save again.',
        [{ field: '/body/version', message: 'version is stale' }],
    );

function hasCode(error: unknown, code: string): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === code) return true;
    }
    return false;
}

/** A unique violation (23505) anywhere in the error's causes. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
