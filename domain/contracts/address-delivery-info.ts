/**
 * Address delivery information of a depot (docs/address-delivery-information.md), in the tour
 * commander service: `GET /address-delivery-infos?path=` (react-admin simple REST),
 * `POST /address-delivery-infos/upload?path=` (a CSV file, all rows or none) and
 * `DELETE /address-delivery-infos/:id?path=`. The rules of the rows are in
 * domain/addressDeliveryInfo.ts.
 */
import { Type, type Static } from 'typebox';
import { coordinateTypes } from '../addressDeliveryInfo.js';
import { SimpleRestQuery } from './common.js';

const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);

/** A depot's scope path: exactly `tenant.country.region.depot`; the last segment is the depot's internal id. */
const DepotScopePath = Type.String({
    pattern: '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){3}$',
    maxLength: 400,
    description: 'The depot scope path tenantId.countryCode.groupId.internalDepotId',
});

/** One address's delivery information, as listed and as a tour's waypoint carries it. */
export const AddressDeliveryInfo = Type.Object({
    id: Type.String(),
    depotId: Type.String({ description: 'The internal depot id' }),
    street: Type.String(),
    houseNo: OptionalText,
    postcode: Type.String(),
    locality: OptionalText,
    countryCode: Type.String(),
    /** The normalised address key (domain `addressKeyOf`): one entry per key and depot. */
    addressKey: Type.String(),
    latitude: OptionalNumber,
    longitude: OptionalNumber,
    coordinateType: Type.Union([Type.Enum(coordinateTypes), Type.Null()]),
    deliveryNote: OptionalText,
    accessCode: OptionalText,
    safePlace: OptionalText,
    openingHours: OptionalText,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
});
export type AddressDeliveryInfo = Static<typeof AddressDeliveryInfo>;

export const AddressDeliveryInfoList = Type.Array(AddressDeliveryInfo);

/** The fields the list sorts by. */
export const addressDeliveryInfoSortFields = [
    'street',
    'postcode',
    'locality',
    'updatedAt',
] as const;
export type AddressDeliveryInfoSortField = (typeof addressDeliveryInfoSortFields)[number];

/** `filter` of the list: `q` searches street, house number, postcode, locality and the texts. */
export const AddressDeliveryInfoFilter = Type.Object(
    { q: Type.Optional(Type.String({ maxLength: 100 })) },
    { additionalProperties: false },
);
export type AddressDeliveryInfoFilter = Static<typeof AddressDeliveryInfoFilter>;

/** `?path=` of the upload and the delete. */
export const AddressDeliveryInfoPathQuery = Type.Object({ path: DepotScopePath });
export type AddressDeliveryInfoPathQuery = Static<typeof AddressDeliveryInfoPathQuery>;

/** `?path=&sort=&range=&filter=` of the list. */
export const AddressDeliveryInfoListQuery = Type.Object({
    ...SimpleRestQuery.properties,
    path: DepotScopePath,
});
export type AddressDeliveryInfoListQuery = Static<typeof AddressDeliveryInfoListQuery>;

export const AddressDeliveryInfoParams = Type.Object({
    id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type AddressDeliveryInfoParams = Static<typeof AddressDeliveryInfoParams>;

/** `POST /address-delivery-infos/upload`: the CSV file (`text/csv`, the columns of `addressInfoCsvColumns`). */
export const AddressDeliveryInfoUploadBody = Type.String({ description: 'The CSV file' });

/** Answer of a valid upload: entries created for new addresses, entries replaced for known ones. */
export const AddressDeliveryInfoUploadAnswer = Type.Object({
    created: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
});
export type AddressDeliveryInfoUploadAnswer = Static<typeof AddressDeliveryInfoUploadAnswer>;
