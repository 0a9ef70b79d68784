import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import identity from './identity/index.js';
import authentication from './plugins/authentication.js';
import database from './plugins/database.js';
import referenceDataCache from './plugins/reference-data.js';
import errorHandler from './plugins/error-handler.js';
import health from './plugins/health.js';
import inputGuard from './plugins/input-guard.js';
import locales from './plugins/locales.js';
import mapBackground from './map/index.js';
import openapi from './plugins/openapi.js';
import schemaAssets from './plugins/schema-assets.js';
import security from './plugins/security.js';
import spa from './plugins/spa.js';
import version from './plugins/version.js';
import { compileSerializersLazily } from './plugins/lazy-serializers.js';
import backOffice from './services/back-office/index.js';
import apiAccess from './services/api-access/index.js';
import configuration from './services/configuration/index.js';
import dataGateway from './services/data-gateway/index.js';
import tourCommander from './services/tour-commander/index.js';

declare module 'fastify' {
    interface FastifyInstance {
        /** The validated configuration, for services that need a setting (environment, secrets, limits). */
        appConfig: AppConfig;
    }
}

interface AppOptions {
    config: AppConfig;
    database: DatabaseHandle;
}

/** Where each service is mounted (ARCHITECTURE.md, Services); each could be deployed alone. */
export const servicePrefixes = {
    backOffice: '/api',
    tenantAdmin: '/tenant-admin/v1',
    dataGateway: '/data-gateway/api/v1',
    tourCommander: '/tour-commander/v1',
    apiAccess: '/api-access/api/v1',
    identity: '/cognito-idp',
} as const;

/** Prefixes of the services, including those later issues fill in: their answers carry user data. */
const serviceReservedPrefixes = [
    ...Object.values(servicePrefixes),
    '/data-gateway',
    '/device-management',
    '/tour-commander',
    '/api-access',
];

/** Prefixes reserved for services and the server's own files. */
const reservedPrefixes = [
    ...serviceReservedPrefixes,
    '/assets',
    '/docs',
    '/healthz',
    '/readyz',
    '/locales',
];

/** The whole product as one Fastify plugin. `main.ts` boots it; tests register it with their own database. */
async function app(fastify: FastifyInstance, opts: AppOptions) {
    const { config } = opts;
    const browser = config.browser;
    fastify.decorate('appConfig', config);
    compileSerializersLazily(fastify);
    await fastify.register(errorHandler);
    await fastify.register(inputGuard);
    await fastify.register(version, { versionId: config.versionId });
    await fastify.register(security, {
        connectOrigins: [
            browser.cognito.userPoolEndpoint ??
                `https://cognito-idp.${config.identity.region}.amazonaws.com`,
            ...Object.values(browser.services),
        ],
        noStorePrefixes: serviceReservedPrefixes,
        mapTileUrl: browser.mapTileUrl,
    });
    await fastify.register(compress, { threshold: 1024 });
    // WebSocket routes (the live stream) declare `websocket: true`; messages are small JSON.
    await fastify.register(websocket, {
        options: { maxPayload: 16 * 1024, perMessageDeflate: false },
    });
    await fastify.register(database, { handle: opts.database });
    await fastify.register(referenceDataCache);
    await fastify.register(openapi, { version: config.versionId });
    await fastify.register(health);
    await fastify.register(locales, { dir: 'locales' });
    await fastify.register(schemaAssets, { dir: 'schemas', environment: config.environment });
    await fastify.register(mapBackground, { demo: config.demo });
    await fastify.register(identity, { config: config.identity, prefix: servicePrefixes.identity });
    await fastify.register(authentication);
    await fastify.register(backOffice, {
        prefix: servicePrefixes.backOffice,
        analytics: config.analytics,
    });
    await fastify.register(configuration, { prefix: servicePrefixes.tenantAdmin });
    await fastify.register(tourCommander, { prefix: servicePrefixes.tourCommander });
    await fastify.register(apiAccess, { prefix: servicePrefixes.apiAccess });
    await fastify.register(dataGateway, { prefix: servicePrefixes.dataGateway });
    await fastify.register(spa, {
        root: config.staticDir,
        browserConfig: browser,
        apiPrefixes: reservedPrefixes,
    });
}

export default fp(app, { name: 'app' });
