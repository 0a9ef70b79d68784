import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { languages } from '../../domain/enums.js';
import { ErrorEnvelope } from '../services/common-schemas.js';

/**
 * UI texts per language at `/locales/<lng>.json`, read from the repository's `locales/`
 * folder. The browser bundles English and falls back to it when a file cannot be loaded.
 */
export default fp(
    async function locales(fastify: FastifyInstance, opts: { dir: string }) {
        fastify.get(
            '/locales/:file',
            {
                schema: {
                    hide: true,
                    params: Type.Object({ file: Type.String({ pattern: `^(${languages.join('|')})\\.json$` }) }),
                    response: { 404: ErrorEnvelope },
                },
            },
            async (request, reply) => {
                const { file } = request.params as { file: string };
                const text = await readFile(resolve(opts.dir, file), 'utf8');
                return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(text);
            },
        );
    },
    { name: 'locales' },
);
