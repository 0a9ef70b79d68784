import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import {
    AppLicenses,
    AppLicensesParams,
    AppLicensesQuery,
} from '../../../../domain/contracts/fleet.js';
import { paramPath, requireAction } from '../../../access/route-access.js';
import { notFound } from '../../../errors.js';
import { organisationAppLicenses } from './licences-repository.js';

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
            const licences = await organisationAppLicenses(
                fastify.db,
                tenantId,
                request.query.month,
            );
            if (!licences) throw notFound(`Organisation ${tenantId}`);
            return licences;
        },
    );
};
