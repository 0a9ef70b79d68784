import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import { DepotUploadAnswer, DepotUploadBody } from '../../../domain/contracts/depots.js';
import { requireAction } from '../../access/route-access.js';
import { uploadDepots } from './depot-upload-writes.js';

/** Body limit of an upload: 20,000 rows of about 200 bytes fit several times over. */
const DEPOT_UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * CSV bulk upload of depots (domain §5): `POST /depots/upload` with a `text/csv` body. Every row
 * is checked; any problem answers 400 DEPOT_UPLOAD_INVALID listing every problem of every row
 * (`row <n>`, the header being row 1) and writes nothing (depot-upload-writes.ts).
 */
export const depotUploadRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    // Only this plugin's routes accept CSV bodies.
    fastify.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: DEPOT_UPLOAD_BODY_LIMIT },
        (_request, body, done) => done(null, body),
    );

    fastify.post(
        '/depots/upload',
        {
            bodyLimit: DEPOT_UPLOAD_BODY_LIMIT,
            config: {
                access: requireAction('c:depot', { context: 'tenant' }, { coverage: 'some' }),
            },
            schema: {
                tags: ['configuration'],
                summary:
                    'Creates depots from a CSV file (text/csv; header organizationId,country,regionId,externalDepotId,name,street,houseNumber,zipCode,locality,latitude,longitude,timeZone,deviceMapping). All rows or none.',
                body: DepotUploadBody,
                response: {
                    201: DepotUploadAnswer,
                    409: ErrorEnvelope,
                    413: ErrorEnvelope,
                    415: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const created = await uploadDepots(fastify.db, request, request.body);
            reply.code(201);
            return { created };
        },
    );
};
