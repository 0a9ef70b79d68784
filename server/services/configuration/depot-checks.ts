import {
    depotFieldErrors,
    depotFieldRuleMessages,
    formatDeviceMapping,
    parseDeviceMapping,
    unconfiguredServices,
    type DepotFieldName,
    type DepotFieldRule,
    type DepotServerRule,
} from '../../../domain/depots.js';
import type { ErrorDetail } from '../../../domain/contracts/common.js';
import type { CreateDepotBody } from '../../../domain/contracts/depots.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { TenantDepotContext } from './tenant-depot-context.js';

/**
 * The checks of a depot write: the field rules (domain/depots.ts), the rules that need the
 * organisation's stored depots, and the errors of a failed geocoding or a lost unique index race.
 */

const detail = (field: string, rule: DepotFieldRule): ErrorDetail => ({
    field: `/body/${field}`,
    message: `${field} ${depotFieldRuleMessages[rule]}`,
    rule,
});

const servicesText = (services: readonly string[]) =>
    services.length === 0
        ? 'no services are configured for this organisation'
        : `configured services: ${services.join(', ')}`;

/**
 * The field rules of a depot body (domain/depots.ts): 400 BAD_REQUEST naming each broken field;
 * only mapping format problems: 400 INVALID_DEVICE_MAPPING_FORMAT; a pair twice: 409 DUPLICATE_DEVICE_MAPPING.
 */
export function assertDepotFields(body: Omit<CreateDepotBody, 'tenantId'>): void {
    const errors = Object.entries(depotFieldErrors(body)) as [DepotFieldName, DepotFieldRule][];
    const other = errors.filter(([field]) => field !== 'deviceMappings');
    const mapping = errors.find(([field]) => field === 'deviceMappings')?.[1];
    if (other.length > 0) {
        const details = errors.map(([field, rule]) => detail(field, rule));
        throw badRequest(details[0]?.message ?? 'Invalid depot.', details);
    }
    if (mapping === 'deviceMappingTwice') {
        throw conflict('DUPLICATE_DEVICE_MAPPING', 'The same device mapping is listed twice.', [
            detail('deviceMappings', mapping),
        ]);
    }
    if (mapping)
        throw badRequest(
            `deviceMappings ${depotFieldRuleMessages[mapping]}`,
            [detail('deviceMappings', mapping)],
            'INVALID_DEVICE_MAPPING_FORMAT',
        );
}

/** The rules that need stored data: region of the organisation, configured services, ids and mappings of other depots. */
export function assertAgainstStored(
    context: TenantDepotContext,
    body: Omit<CreateDepotBody, 'tenantId'>,
    ownId?: string,
): void {
    if (!context.groupIds.has(body.groupId)) {
        throw badRequest(
            `groupId ${body.groupId} is not a region of organisation ${context.tenantId}.`,
            [
                {
                    field: '/body/groupId',
                    message: `groupId is not a region of organisation ${context.tenantId}`,
                    rule: 'unknownRegion',
                    params: { value: body.groupId, tenantId: context.tenantId },
                },
            ],
        );
    }
    const unknown = unconfiguredServices(body.deviceMappings, context.services);
    if (unknown.length > 0) {
        const message = `deviceMappings name the service ${unknown.join(', ')} that is not configured (${servicesText(context.services)}).`;
        const rule: DepotServerRule =
            context.services.length > 0 ? 'serviceNotConfigured' : 'noServicesConfigured';
        const params = {
            value: unknown.join(', '),
            tenantId: context.tenantId,
            services: context.services.join(', '),
        };
        throw badRequest(
            message,
            [{ field: '/body/deviceMappings', message, rule, params }],
            'INVALID_DEVICE_MAPPING_FORMAT',
        );
    }
    const holder = context.externalIds.get(body.externalDepotId.trim());
    if (holder !== undefined && holder !== ownId) {
        throw conflict(
            'DUPLICATE_EXTERNAL_DEPOT_ID',
            `The external depot id ${body.externalDepotId.trim()} is already used by another depot of this organisation.`,
            [
                {
                    field: '/body/externalDepotId',
                    message: 'externalDepotId is already used',
                    rule: 'externalDepotIdTaken',
                    params: { value: body.externalDepotId.trim() },
                },
            ],
        );
    }
    const taken = body.deviceMappings
        .map((entry) => parseDeviceMapping(entry))
        .flatMap((pair) => {
            if (!pair) return [];
            const key = formatDeviceMapping(pair);
            const owner = context.mappings.get(key);
            return owner !== undefined && owner !== ownId ? [key] : [];
        });
    if (taken.length > 0) {
        throw conflict(
            'DUPLICATE_DEVICE_MAPPING',
            `The device mapping ${taken.join(', ')} is already used by another depot.`,
            [
                {
                    field: '/body/deviceMappings',
                    message: `deviceMappings: ${taken.join(', ')} already used by another depot`,
                    rule: 'deviceMappingTaken',
                    params: { value: taken.join(', ') },
                },
            ],
        );
    }
}

/**
 * 400 BAD_REQUEST naming latitude and longitude as required: without a geocoder (GEOCODER_URL)
 * the coordinates cannot be looked up from the address.
 */
export function coordinatesRequired(): AppError {
    const details = [detail('latitude', 'required'), detail('longitude', 'required')];
    return badRequest(
        'latitude and longitude are required: no address lookup is configured.',
        details,
    );
}

/** 422 ADDRESS_NOT_FOUND: the address could not be geocoded; names the address fields. */
export function addressNotFound(): AppError {
    const fields = ['street', 'houseNo', 'postcode', 'locality', 'countryCode'];
    return new AppError(
        422,
        'ADDRESS_NOT_FOUND',
        'The address could not be found. Check street, house number, postcode, locality and country, or enter latitude and longitude instead.',
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field}: address not found`,
            rule: 'addressNotFound',
        })),
    );
}

/** 409 DUPLICATE_EXTERNAL_DEPOT_ID when a concurrent write won the unique index. */
export function duplicateExternalIdFrom(error: unknown): AppError | undefined {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        const record = cause as { code?: unknown; constraint?: unknown; message?: unknown };
        if (record.code === '23505') {
            return conflict(
                'DUPLICATE_EXTERNAL_DEPOT_ID',
                'The external depot id is already used by another depot of this organisation.',
                [
                    {
                        field: '/body/externalDepotId',
                        message: 'externalDepotId is already used',
                        rule: 'externalDepotIdTaken',
                    },
                ],
            );
        }
    }
    return undefined;
}
