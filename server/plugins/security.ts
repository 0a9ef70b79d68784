import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Origins of configured service bases that are not same-origin (they need a connect-src entry). */
function foreignOrigins(urls: string[]): string[] {
    return [...new Set(urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin))];
}

/**
 * Security headers. The Content-Security-Policy allows only our own scripts; styles need
 * the per-request nonce that the SPA plugin puts into index.html (emotion reads it).
 */
export default fp(
    async function security(fastify: FastifyInstance, opts: { connectOrigins: string[] }) {
        await fastify.register(helmet, {
            enableCSPNonces: true,
            contentSecurityPolicy: {
                directives: {
                    defaultSrc: ["'self'"],
                    scriptSrc: ["'self'"],
                    styleSrc: ["'self'"],
                    imgSrc: ["'self'", 'data:', 'blob:'],
                    fontSrc: ["'self'", 'data:'],
                    connectSrc: ["'self'", ...foreignOrigins(opts.connectOrigins)],
                    objectSrc: ["'none'"],
                    baseUri: ["'self'"],
                    formAction: ["'self'"],
                    frameAncestors: ["'none'"],
                    upgradeInsecureRequests: null,
                },
            },
            strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
            referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        });
    },
    { name: 'security' },
);
