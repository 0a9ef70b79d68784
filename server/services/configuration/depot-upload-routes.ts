import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** CSV bulk upload of depots: placeholder, filled by the depots work. */
export const depotUploadRoutes: FastifyPluginAsyncTypebox = async () => {};
