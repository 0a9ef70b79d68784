import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The configuration JSON Schemas of `schemas/` as assets, by client, environment and version
 * (shell §7, "Assets"). Placeholder until the configuration work lands.
 */
export default fp(async function schemaAssets(_fastify: FastifyInstance, _opts: { dir: string; environment: string }) {}, { name: 'schema-assets' });
