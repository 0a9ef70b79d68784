import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { underPrefix } from '../shared/url-prefix.js';
import type { BrowserConfig } from '../../domain/contracts/browser-config.js';
import { errorEnvelope } from './error-handler.js';

interface SpaOptions {
    root: string;
    browserConfig: BrowserConfig;
    /** Path prefixes owned by services: unknown paths below them are 404s, never the app. */
    apiPrefixes: string[];
}

/** Vite writes this placeholder into every tag it emits (`html.cspNonce` in vite.config.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';
const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
    return JSON.stringify(value)
        .replace(/</g, '\\u003c')
        .replace(/>/g, '\\u003e')
        .replace(/&/g, '\\u0026');
}

/**
 * Serves the built browser app: hashed assets (pre-compressed, cached for a year) and, for
 * every other GET that is not an asset or API path, index.html with this request's CSP nonce
 * and the browser configuration, so client-side routing works on reload.
 */
export default fp(
    async function spa(fastify: FastifyInstance, opts: SpaOptions) {
        const root = resolve(opts.root);
        const indexPath = resolve(root, 'index.html');
        const template = existsSync(indexPath)
            ? readFileSync(indexPath, 'utf8').replace(
                  CONFIG_PLACEHOLDER,
                  `<script id="app-config" type="application/json" nonce="${NONCE_PLACEHOLDER}">${scriptSafeJson(opts.browserConfig)}</script>`,
              )
            : undefined;

        if (existsSync(root)) {
            await fastify.register(fastifyStatic, {
                root,
                index: false,
                // One route per built file, listed at start: no directory reads per request.
                wildcard: false,
                preCompressed: true,
                // The page itself is only ever sent by sendPage (nonce and configuration filled in),
                // never as a raw or pre-compressed file.
                allowedPath: (pathName) =>
                    !pathName.endsWith('/') && !/\.html(\.(gz|br|deflate))?$/.test(pathName),
                setHeaders: (reply, filePath) => {
                    const immutable = filePath.includes(`${resolve(root, 'assets')}`);
                    reply.header(
                        'cache-control',
                        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
                    );
                },
            });
        }

        const isApiPath = (url: string) => underPrefix(url, opts.apiPrefixes);
        const looksLikeFile = (path: string) =>
            path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);

        const notFound = (reply: FastifyReply, method: string, path: string) =>
            reply.status(404).send(errorEnvelope('NOT_FOUND', `No resource at ${method} ${path}.`));

        /** index.html with this request's nonce in the page and in its Content-Security-Policy. */
        const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
            if (!template) return notFound(reply, request.method, request.url);
            const nonce = randomBytes(16).toString('base64');
            return reply
                .status(200)
                .header('content-security-policy', fastify.contentSecurityPolicy(nonce))
                .header('cache-control', 'no-store')
                .type('text/html; charset=utf-8')
                .send(template.replaceAll(NONCE_PLACEHOLDER, nonce));
        };

        fastify.get('/', { schema: { hide: true } }, sendPage);
        fastify.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
            const path = request.url.split('?')[0] ?? '/';
            const wantsPage = request.method === 'GET' || request.method === 'HEAD';
            if (!wantsPage || isApiPath(request.url) || looksLikeFile(path))
                return notFound(reply, request.method, path);
            return sendPage(request, reply);
        });
    },
    { name: 'spa', dependencies: ['security'] },
);
