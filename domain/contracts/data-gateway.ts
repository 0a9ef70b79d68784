/**
 * The data gateway's reads for machine clients (`/data-gateway/api/v1/external/*`): queries,
 * the depot and assignment shapes, and the 0-based pages the spec's paged lists answer.
 */
import { Type, type Static } from 'typebox';
import { pageOf } from './common.js';

/** `page` (0-based) and `size` of a paged list. */
const PageQuery = {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
};

export const ExternalDepotsQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ExternalDepotsQuery = Static<typeof ExternalDepotsQuery>;

export const ExternalAssignmentsQuery = Type.Object(
    {
        date: Type.String({
            pattern: '^\\d{4}-\\d{2}-\\d{2}$',
            description: 'The delivery day, YYYY-MM-DD',
        }),
        externalDepotId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        ...PageQuery,
    },
    { additionalProperties: false },
);
export type ExternalAssignmentsQuery = Static<typeof ExternalAssignmentsQuery>;

/** A depot of the credential's organisation: external id, name, address, coordinates, time zone. */
const ExternalDepot = Type.Object({
    externalDepotId: Type.String(),
    name: Type.String(),
    address: Type.Object({
        street: Type.String(),
        houseNo: Type.Union([Type.String(), Type.Null()]),
        postcode: Type.String(),
        locality: Type.String(),
        countryCode: Type.String(),
    }),
    coordinates: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
    timeZone: Type.String(),
});
type ExternalDepot = Static<typeof ExternalDepot>;

const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** A job assignment of the credential's organisation, its depot named by external id. */
const ExternalAssignment = Type.Object({
    id: Type.String(),
    jobId: Type.String(),
    externalDepotId: Type.String(),
    assignmentDate: Type.String(),
    assignmentKey: Type.String(),
    assignmentValue: Type.String(),
    priorityGroup: Type.Union([Type.String(), Type.Null()]),
    scanTime: NullableTime,
    source: Type.Union([Type.String(), Type.Null()]),
    createdExtAt: NullableTime,
    importedAt: Type.String({ format: 'date-time' }),
    expiredAt: NullableTime,
});
type ExternalAssignment = Static<typeof ExternalAssignment>;

export const ExternalDepotPage = pageOf(ExternalDepot);
export type ExternalDepotPage = Static<typeof ExternalDepotPage>;

export const ExternalAssignmentPage = pageOf(ExternalAssignment);
export type ExternalAssignmentPage = Static<typeof ExternalAssignmentPage>;
