import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    DriverAppEventBatch,
    IngestionResult,
} from '../../../domain/contracts/driver-app-ingestion.js';
import { signedIn } from '../../access/route-access.js';
import { users } from '../../db/schema/index.js';
import { forbidden } from '../../errors.js';
import { ingestEvents } from './ingestion.js';

const tags = ['tour-commander'];
const BATCH_BODY_LIMIT = 1024 * 1024;
const summary =
    'Stores a batch of driver-app events (at most 500): logins, app state, positions, scans, status changes, app-suggested sequences';
const description =
    "Each event carries the client's own `eventId`: an event sent again (same sender, id and time) is answered as DUPLICATE_EVENT and stored once. Every event is checked on its own; a rejected one is listed with its index, field and reason (UNKNOWN_TOUR, NOT_YOUR_TOUR, UNKNOWN_JOB, COORDINATES_OUT_OF_RANGE, TIMESTAMP_IN_FUTURE (more than 5 minutes ahead), TIMESTAMP_TOO_OLD, DUPLICATE_EVENT, MISSING_FIELD, OUTCOME_NOT_FOR_JOB_TYPE, REASON_WITHOUT_FAILURE); the others are stored. The answer comes once the events are stored; tour processing follows.";

/** Driver apps post with the driver's own token, for the tours of the driver's vehicle. */
export const driverIngestionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.post(
        '/driver-app/events',
        {
            config: { access: signedIn(), highRate: true },
            bodyLimit: BATCH_BODY_LIMIT,
            schema: {
                tags,
                summary,
                description: `${description}\n\nDrivers and courier accounts only (their driver-app sign-in); only tours driven by their own vehicle.`,
                body: DriverAppEventBatch,
                response: { 200: IngestionResult, ...authErrors },
            },
        },
        async (request) => {
            const { caller } = request;
            if ((caller.type !== 'Driver' && caller.type !== 'TempDriver') || !caller.tenantId)
                throw forbidden(
                    'NO_PERMISSION',
                    'Only drivers post driver-app events with their own sign-in; integrations use API credentials.',
                );
            const [driver] = await fastify.db
                .select({ vehicleId: users.vehicleId })
                .from(users)
                .where(eq(users.id, caller.userId));
            return ingestEvents(
                fastify.db,
                {
                    kind: 'driver',
                    userId: caller.userId,
                    tenantId: caller.tenantId,
                    vehicleId: driver?.vehicleId ?? null,
                },
                request.body.events,
                { retentionDays: fastify.appConfig.events.retentionDays },
            );
        },
    );
};

/** Integrations post with API credentials (scope events:write), for their organisation's tours. */
export const machineIngestionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.post(
        '/external/driver-app/events',
        {
            config: { machineScope: 'events:write', highRate: true },
            bodyLimit: BATCH_BODY_LIMIT,
            schema: {
                tags,
                summary,
                description,
                body: DriverAppEventBatch,
                response: {
                    200: IngestionResult,
                    400: ErrorEnvelope,
                    401: ErrorEnvelope,
                    403: ErrorEnvelope,
                },
            },
        },
        async (request) =>
            ingestEvents(
                fastify.db,
                {
                    kind: 'integrator',
                    credentialId: request.machine.credentialId,
                    tenantId: request.machine.tenantId,
                },
                request.body.events,
                { retentionDays: fastify.appConfig.events.retentionDays },
            ),
    );
};
