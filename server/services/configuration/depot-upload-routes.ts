import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAction } from '../../access/route-access.js';
import { badRequest } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import { parseDepotCsv, validateDepotRows } from './depot-upload-validation.js';
import { duplicateExternalIdFrom, insertDepots, lockTenantDepots } from './depot-writes.js';
import { DepotUploadAnswer } from './schemas.js';

/** Body limit of an upload: 20,000 rows of about 200 bytes fit several times over. */
export const DEPOT_UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * CSV bulk upload of depots (domain §5): `POST /depots/upload` with a `text/csv` body. Every row
 * is checked; any problem answers 400 DEPOT_UPLOAD_INVALID listing every problem of every row
 * (`row <n>`, the header being row 1) and writes nothing. A valid file is inserted in one
 * transaction (multi-row statements) with one audit entry.
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
                body: Type.String({ description: 'The CSV file' }),
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
            const { rows, problems: shapeProblems } = parseDepotCsv(request.body);
            const tenantIds = [
                ...new Set(rows.map((row) => row.organizationId.trim()).filter(Boolean)),
            ].sort();
            try {
                const created = await fastify.db.transaction(async (tx) => {
                    // Locks first (sorted: no deadlock between two uploads), then every check against what is stored.
                    for (const tenantId of tenantIds) await lockTenantDepots(tx, tenantId);
                    const { values, problems } = await validateDepotRows(
                        tx,
                        request.caller.actions,
                        rows,
                        shapeProblems,
                    );
                    if (problems.length > 0) {
                        const rowsWithProblems = new Set(problems.map((problem) => problem.field))
                            .size;
                        throw badRequest(
                            `${rowsWithProblems} row(s) of the file are invalid; nothing was imported.`,
                            problems,
                            'DEPOT_UPLOAD_INVALID',
                        );
                    }
                    await insertDepots(tx, values);
                    await appendAudit(tx, request, {
                        action: 'depots-uploaded',
                        entityType: 'depot',
                        entityId: null,
                        changes: {
                            created: values.length,
                            tenants: tenantIds,
                            internalDepotIds: values.map((value) => value.internalDepotId),
                        },
                    });
                    return values.length;
                });
                reply.code(201);
                return { created };
            } catch (error) {
                throw duplicateExternalIdFrom(error) ?? error;
            }
        },
    );
};
