import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { OutboxAnswer, OutboxQuery } from '../../../../domain/contracts/mail-outbox.js';
import { requireAction } from '../../../access/route-access.js';
import { notFound } from '../../../errors.js';
import { listOutbox } from '../../../mail/index.js';

/**
 * The mail viewer's API (issue 13 point 14): without an SMTP server the invitation's temporary
 * password exists only in the outbox, so demo and development installations let admins read
 * it. Production installations answer 404, as if the route did not exist.
 */
export const mailOutboxRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const production = fastify.appConfig.env === 'production';
    fastify.get(
        '/v2/mail-outbox',
        {
            config: {
                access: requireAction('admin', { context: 'admin' }),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Lists the newest outbox mails with their text (admins; demo and development only, 404 in production)',
                querystring: OutboxQuery,
                response: { 200: OutboxAnswer, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            if (production) throw notFound('Route GET /api/v2/mail-outbox');
            return { content: await listOutbox(fastify.db, request.query.limit ?? 100) };
        },
    );
};
