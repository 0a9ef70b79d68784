import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paramPath, requireAction } from '../../../access/route-access.js';
import { notFound } from '../../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { tenantSettings } from '../../../shared/field-rules.js';
import { appLicenses, previousMonth } from './licences-repository.js';
import { AppLicenses, AppLicensesParams, AppLicensesQuery } from './schemas.js';

/** App licences (account counting, domain §9) of one organisation. */
export const licenceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/tenants/:tenantId/app-licenses',
        {
            config: {
                access: requireAction('r:app-user-licences', {
                    context: 'tenant',
                    path: paramPath('tenantId'),
                }),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Peak daily driver-app logins of a month (default: the previous calendar month in the organisation’s time zone) and account counts',
                params: AppLicensesParams,
                querystring: AppLicensesQuery,
                response: { 200: AppLicenses, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tenantId } = request.params;
            const settings = await tenantSettings(fastify.db, tenantId);
            if (!settings) throw notFound(`Organisation ${tenantId}`);
            const month = request.query.month ?? previousMonth(new Date(), settings.timeZone);
            return appLicenses(fastify.db, tenantId, settings.timeZone, month);
        },
    );
};
