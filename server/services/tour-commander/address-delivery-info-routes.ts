import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ADDRESS_INFO_MAX_FILE_BYTES } from '../../../domain/addressDeliveryInfo.js';
import {
    AddressDeliveryInfo,
    AddressDeliveryInfoFilter,
    AddressDeliveryInfoList,
    AddressDeliveryInfoListQuery,
    AddressDeliveryInfoParams,
    AddressDeliveryInfoPathQuery,
    AddressDeliveryInfoUploadAnswer,
    AddressDeliveryInfoUploadBody,
    addressDeliveryInfoSortFields,
} from '../../../domain/contracts/address-delivery-info.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    assertAction,
    noDataPermission,
    queryPath,
    requireAction,
} from '../../access/route-access.js';
import { AppError } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import {
    findDepotAtPath,
    listAddressDeliveryInfos,
    type DepotAtPath,
} from './address-delivery-info-repository.js';
import {
    removeAddressDeliveryInfo,
    uploadAddressDeliveryInfos,
} from './address-delivery-info-writes.js';

/** Reading needs the live status page's feature. */
const READ = 'r:tour';
/** Writing needs the places right to correct where an address is delivered (docs/address-delivery-information.md). */
const WRITE = 'r:address-location-correction';

const tags = ['tour-commander'];
const atDepot = { context: 'depot', path: queryPath() } as const;
const parseFilter = filterParser(AddressDeliveryInfoFilter);

/**
 * The depot of the request's `?path=` (checked by the route's access rule); an unknown depot or
 * a path that is not exactly a depot's answers like one outside the caller's scopes.
 */
async function depotOf(request: FastifyRequest, path: string): Promise<DepotAtPath> {
    const depot = await findDepotAtPath(request.server.db, request.access.scopes, path);
    if (!depot) throw noDataPermission(path);
    return depot;
}

/** Writers also need the page's feature where they write. */
function assertMayRead(request: FastifyRequest, path: string) {
    assertAction(request.caller.actions, READ, { context: 'depot', path });
}

/**
 * A depot's address delivery information (docs/address-delivery-information.md): the list
 * (react-admin simple REST, `r:tour`), a CSV upload that creates or replaces entries, all rows or
 * none (`r:address-location-correction` and `r:tour`), and deleting one entry (the same). Every
 * route names the depot by its scope path (`?path=tenant.country.region.depot`).
 */
export const addressDeliveryInfoRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    // Only this plugin's routes accept CSV bodies.
    fastify.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: ADDRESS_INFO_MAX_FILE_BYTES },
        (_request, body, done) => done(null, body),
    );

    fastify.get(
        '/address-delivery-infos',
        {
            config: { access: requireAction(READ, atDepot) },
            schema: {
                tags,
                summary:
                    "A depot's address delivery information: sortable, paginated (range), filter.q searches address and texts",
                querystring: AddressDeliveryInfoListQuery,
                response: { 200: AddressDeliveryInfoList, ...authErrors },
            },
        },
        async (request, reply) => {
            const depot = await depotOf(request, request.query.path);
            const params = parseListQuery(
                request.query,
                addressDeliveryInfoSortFields,
                'street',
                parseFilter,
            );
            const { rows, total } = await listAddressDeliveryInfos(db, depot.id, params);
            reply.header(
                'content-range',
                contentRange('address-delivery-infos', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.post(
        '/address-delivery-infos/upload',
        {
            bodyLimit: ADDRESS_INFO_MAX_FILE_BYTES,
            config: { access: requireAction(WRITE, atDepot) },
            // A declared length over the limit is refused with a named code before the body is read.
            onRequest: async (request) => {
                const length = Number(request.headers['content-length'] ?? 0);
                if (length > ADDRESS_INFO_MAX_FILE_BYTES)
                    throw new AppError(
                        413,
                        'ADDRESS_INFO_FILE_TOO_LARGE',
                        `The file has ${length} bytes; at most ${ADDRESS_INFO_MAX_FILE_BYTES} can be uploaded.`,
                        [
                            {
                                field: '/body',
                                message: 'too large',
                                params: { max: ADDRESS_INFO_MAX_FILE_BYTES },
                            },
                        ],
                    );
            },
            schema: {
                tags,
                summary:
                    'Creates or replaces address delivery information of a depot from a CSV file (text/csv; header street,houseNumber,zipCode,locality,country,latitude,longitude,coordinateType,deliveryNote,accessCode,safePlace,openingHours). All rows or none.',
                querystring: AddressDeliveryInfoPathQuery,
                body: AddressDeliveryInfoUploadBody,
                response: {
                    200: AddressDeliveryInfoUploadAnswer,
                    413: ErrorEnvelope,
                    415: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => {
            assertMayRead(request, request.query.path);
            const depot = await depotOf(request, request.query.path);
            return uploadAddressDeliveryInfos(db, request, depot, request.body);
        },
    );

    fastify.delete(
        '/address-delivery-infos/:id',
        {
            config: { access: requireAction(WRITE, atDepot) },
            schema: {
                tags,
                summary:
                    'Deletes one address delivery information entry of the depot and answers it',
                querystring: AddressDeliveryInfoPathQuery,
                params: AddressDeliveryInfoParams,
                response: { 200: AddressDeliveryInfo, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            assertMayRead(request, request.query.path);
            const depot = await depotOf(request, request.query.path);
            return removeAddressDeliveryInfo(db, request, depot, request.params.id);
        },
    );
};
