import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { underPrefix } from '../shared/url-prefix.js';

declare module 'fastify' {
    interface FastifyInstance {
        /** The Content-Security-Policy header value; with a nonce for the page that needs one (index.html). */
        contentSecurityPolicy(nonce?: string): string;
    }
}

/** Origins of configured service bases that are not same-origin (they need a connect-src entry). */
function foreignOrigins(urls: string[]): string[] {
    return [
        ...new Set(
            urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin),
        ),
    ];
}

/**
 * The img-src source of a map tile URL template: its origin, with a `{s}` subdomain placeholder
 * as a wildcard (`https://{s}.tile.example` → `https://*.tile.example`); none for same-origin.
 */
export function tileImageSource(template: string | undefined): string | undefined {
    const match = template ? /^(https?):\/\/([^/]+)/.exec(template) : null;
    if (!match) return undefined;
    return `${match[1]}://${(match[2] ?? '').replace(/\{s\}/g, '*')}`;
}

interface SecurityOptions {
    connectOrigins: string[];
    /** The map tile server's URL template, when one is configured (its images are allowed). */
    mapTileUrl?: string;
    /** Paths whose answers carry user data: never stored by the browser or a proxy. */
    noStorePrefixes: readonly string[];
}

/**
 * Security headers. The Content-Security-Policy allows only our own script files, and in the
 * page itself the inline scripts carrying its per-request nonce (the chunk preloader the build
 * writes into index.html); styles need the same nonce (emotion reads it). Responses
 * other than the page carry the same policy without a nonce, so API calls pay no crypto.
 * Every answer under a service prefix, errors included, is `Cache-Control: no-store` unless
 * its route sets its own caching (the identity endpoint's public JWKS); static files, the
 * locales and the configuration schemas keep theirs.
 */
export default fp(
    async function security(fastify: FastifyInstance, opts: SecurityOptions) {
        const directives = (nonce?: string): string[] => [
            "default-src 'self'",
            `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
            `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
            ["img-src 'self' data: blob:", tileImageSource(opts.mapTileUrl)]
                .filter(Boolean)
                .join(' '),
            "font-src 'self' data:",
            ["connect-src 'self'", ...foreignOrigins(opts.connectOrigins)].join(' '),
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ];
        const staticPolicy = directives().join('; ');
        fastify.decorate('contentSecurityPolicy', (nonce?: string) =>
            nonce ? directives(nonce).join('; ') : staticPolicy,
        );
        await fastify.register(helmet, {
            contentSecurityPolicy: false,
            strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
            referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        });
        fastify.addHook('onRequest', async (request, reply) => {
            reply.header('content-security-policy', staticPolicy);
            // Set first, so a route's own caching (set later) wins, and every error answer keeps it.
            if (underPrefix(request.url, opts.noStorePrefixes))
                reply.header('cache-control', 'no-store');
        });
    },
    { name: 'security' },
);
