import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { BrowserConfig } from '../domain/contracts/browser-config.js';
import { errorForLog } from './error-log.js';
import { readableLogStream, type LogOutput } from './log-format.js';

/**
 * Every environment variable the server reads, in one schema (also listed in `.env.example`).
 * Validated at boot: a wrong value stops the server with a message naming the variable.
 */
const EnvSchema = Type.Object({
    NODE_ENV: Type.Union(
        [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
        { default: 'development' },
    ),
    HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
    PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
    LOG_LEVEL: Type.Union(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) =>
            Type.Literal(level),
        ),
        { default: 'info' },
    ),
    DATA_DIR: Type.String({ minLength: 1, default: './data' }),
    DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
    DEMO_DATA: Type.Optional(Type.Boolean()),
    DEMO_SEED: Type.String({ minLength: 1, default: 'parcel-demo' }),
    /** Demo mode: drive today's tours of every demo depot live (off: the demo data stands still). */
    SIMULATION: Type.Optional(Type.Boolean()),
    /** How many times faster than real time the simulated day runs. */
    SIMULATION_SPEED: Type.Number({ minimum: 1, maximum: 120, default: 1 }),
    STATIC_DIR: Type.String({ minLength: 1, default: './dist' }),
    VERSION_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    COGNITO_USER_POOL_ID: Type.String({
        pattern: '^[\\w-]+_[0-9A-Za-z]+$',
        default: 'local_BackOffice',
    }),
    COGNITO_CLIENT_ID: Type.String({ minLength: 1, default: 'backoffice-web' }),
    COGNITO_REGION: Type.String({ minLength: 1, default: 'eu-central-1' }),
    COGNITO_ISSUER: Type.Optional(Type.String({ pattern: '^https://' })),
    COGNITO_ENDPOINT: Type.Optional(Type.String({ pattern: '^(https?://|/)' })),
    IDENTITY_KEY_SECRET: Type.Optional(Type.String({ minLength: 32 })),
    ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 300, maximum: 86_400, default: 3600 }),
    REFRESH_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 3600, maximum: 2_592_000, default: 43_200 }),
    IDENTITY_ADMIN_ACCESS_KEY_ID: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{16,128}$' })),
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 32, maxLength: 128 })),
    TEMP_PASSWORD_VALIDITY_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 3 }),
    IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 30 }),
    IDENTITY_PASSWORD_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 10 }),
    SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
    MAIL_FROM: Type.String({
        minLength: 3,
        maxLength: 320,
        default: 'Parcel back office <no-reply@localhost>',
    }),
    BACK_OFFICE_BASE_URL: Type.String({ minLength: 1, default: '/api' }),
    TENANT_ADMIN_BASE_URL: Type.String({ minLength: 1, default: '/tenant-admin/v1' }),
    DATA_GATEWAY_BASE_URL: Type.String({
        minLength: 1,
        default: '/data-gateway/api/v1/backoffice',
    }),
    DEVICE_MANAGEMENT_BASE_URL: Type.String({ minLength: 1, default: '/device-management/api/v1' }),
    TOUR_COMMANDER_BASE_URL: Type.String({ minLength: 1, default: '/tour-commander/v1' }),
    API_ACCESS_BASE_URL: Type.String({ minLength: 1, default: '/api-access/api/v1' }),
    SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 120_000, default: 10_000 }),
    HELP_CENTER_URL: Type.Optional(Type.String({ pattern: '^https?://.*\\{lang\\}' })),
    ROUTE_PLANNER_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
    INTERNAL_EMAIL_DOMAINS: Type.String({
        pattern: '^([a-z0-9.-]+(,[a-z0-9.-]+)*)?$',
        default: '',
    }),
    /** This installation's environment name: configuration schema assets are served per environment; role-sync files name it. */
    APP_ENVIRONMENT: Type.String({ pattern: '^[a-z0-9-]{1,40}$', default: 'local' }),
    /** Shared by the environments between which roles are synchronised (signs the export files); unset: random per boot. */
    ROLE_SYNC_SECRET: Type.Optional(Type.String({ minLength: 32 })),
    /** A Nominatim-compatible search endpoint that geocodes depot addresses without coordinates; unset: coordinates are required. */
    GEOCODER_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
    /** Lifetime of the bearer tokens machine clients obtain with API credentials. */
    API_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 3600 }),
    /** Map tiles (Leaflet URL template with {z}, {x}, {y}); unset: maps draw on a plain background, no request leaves the page. */
    MAP_TILE_URL: Type.Optional(Type.String({ pattern: '^(https?://|/)\\S*\\{z\\}\\S*$' })),
    /** The attribution the tile provider requires (shown on every map, HTML). */
    MAP_TILE_ATTRIBUTION: Type.Optional(Type.String({ maxLength: 500 })),
    /** Days of driver-app events and positions kept (day partitions older are dropped); driven history needs 30. */
    EVENT_RETENTION_DAYS: Type.Integer({ minimum: 31, maximum: 400, default: 35 }),
    /** A tour with new events is processed at most this often: its events are applied together. */
    TOUR_PROCESSING_INTERVAL_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: 5 }),
});
type Env = Static<typeof EnvSchema>;

/** What the browser needs to know, injected into index.html (never secrets). */
export interface AppConfig {
    env: Env['NODE_ENV'];
    host: string;
    port: number;
    publicUrl: string;
    logLevel: string;
    database: { url?: string; dataDir: string };
    demo: { enabled: boolean; seed: string };
    /** The live-day simulator of the demo (server/demo/simulation/live.ts). */
    simulation: { enabled: boolean; speed: number };
    staticDir: string;
    versionId: string;
    identity: {
        /** `embedded` serves the Cognito-compatible endpoint; `cognito` trusts an external user pool. */
        mode: 'embedded' | 'cognito';
        userPoolId: string;
        clientId: string;
        region: string;
        issuer: string;
        jwksUri: string;
        keySecret?: string;
        accessTokenTtlSeconds: number;
        refreshTokenTtlSeconds: number;
        /** Credentials the embedded endpoint accepts on SigV4-signed Admin* calls (see adminCredentials). */
        admin: AdminCredentials;
        temporaryPasswordValidityDays: number;
        /** Per-IP requests per minute: sign-in and challenge answers; password change and reset. */
        rateLimits: { signInPerMinute: number; passwordPerMinute: number };
        /** Where invitation e-mails send people to sign in. */
        signInUrl: string;
    };
    mail: { smtpUrl?: string; from: string };
    /** E-mail domains of the product's own staff: their page views are never recorded (shell §9). */
    analytics: { internalEmailDomains: string[] };
    /** This installation's environment name (APP_ENVIRONMENT). */
    environment: string;
    /** Signs and verifies role-sync files (Backoffice actions). */
    roleSync: { secret: string; source: 'configured' | 'ephemeral' };
    /** Geocoding of depot addresses (absent: coordinates must be given). */
    geocoderUrl?: string;
    apiAccess: { tokenTtlSeconds: number };
    /** Driver-app events and positions: days kept. */
    events: { retentionDays: number; processingIntervalSeconds: number };
    browser: BrowserConfig;
    shutdownTimeoutMs: number;
}

/** Static AWS-style credentials of the embedded endpoint's admin API. */
interface AdminCredentials {
    accessKeyId: string;
    secretAccessKey: string;
    /** configured: from the environment; derived: HKDF of IDENTITY_KEY_SECRET; ephemeral: random, this process only. */
    source: 'configured' | 'derived' | 'ephemeral';
}

const KEY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function keyIdFrom(bytes: Buffer): string {
    return `LOCAL${[...bytes].map((byte) => KEY_ID_ALPHABET[byte & 31]).join('')}`;
}

/**
 * The admin credentials: configured ones, else derived from IDENTITY_KEY_SECRET (stable across
 * app servers and restarts), else random per boot, kept in this process's memory only and used
 * by its in-process admin client. Never a constant in code.
 */
function adminCredentials(env: Env): AdminCredentials {
    if (env.IDENTITY_ADMIN_ACCESS_KEY_ID && env.IDENTITY_ADMIN_SECRET_ACCESS_KEY) {
        return {
            accessKeyId: env.IDENTITY_ADMIN_ACCESS_KEY_ID,
            secretAccessKey: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
            source: 'configured',
        };
    }
    const keySecret = env.IDENTITY_KEY_SECRET;
    if (keySecret) {
        const derive = (info: string, length: number) =>
            Buffer.from(hkdfSync('sha256', keySecret, Buffer.alloc(0), info, length));
        return {
            accessKeyId: keyIdFrom(derive('identity admin access key id', 15)),
            secretAccessKey: derive('identity admin secret access key', 30).toString('base64url'),
            source: 'derived',
        };
    }
    return {
        accessKeyId: keyIdFrom(randomBytes(15)),
        secretAccessKey: randomBytes(30).toString('base64url'),
        source: 'ephemeral',
    };
}

export class ConfigError extends Error {
    constructor(public readonly problems: string[]) {
        super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
        this.name = 'ConfigError';
    }
}

const BOOLEAN_STRINGS: Record<string, boolean> = {
    true: true,
    '1': true,
    yes: true,
    false: false,
    '0': false,
    no: false,
};

/** Reads the variables the schema knows, drops empty ones, converts types. */
function readEnv(source: NodeJS.ProcessEnv): Env {
    const picked: Record<string, unknown> = {};
    for (const key of Object.keys(EnvSchema.properties)) {
        const value = source[key];
        if (value === undefined || value === '') continue;
        picked[key] =
            key === 'DEMO_DATA' || key === 'SIMULATION'
                ? (BOOLEAN_STRINGS[value.toLowerCase()] ?? value)
                : value;
    }
    const converted = Value.Convert(EnvSchema, Value.Default(EnvSchema, picked));
    const problems = [...Value.Errors(EnvSchema, converted)].map(
        (error) => `${error.instancePath.slice(1) || 'environment'}: ${error.message}`,
    );
    if (problems.length > 0) throw new ConfigError(problems);
    return converted as Env;
}

function defaultVersionId(staticDir: string): string {
    try {
        const info = JSON.parse(readFileSync(resolve(staticDir, 'build-info.json'), 'utf8')) as {
            versionId?: unknown;
        };
        if (typeof info.versionId === 'string' && info.versionId) return info.versionId;
    } catch {
        // no build yet (dev mode or API tests): fall back to the package version
    }
    return 'dev';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
    const env = readEnv(source);
    const problems: string[] = [];
    const production = env.NODE_ENV === 'production';
    if (production && env.DEMO_DATA === true)
        problems.push('DEMO_DATA: demo users are never created when NODE_ENV=production');
    const mode = env.COGNITO_ISSUER ? 'cognito' : 'embedded';
    if (production && mode === 'embedded' && !env.IDENTITY_KEY_SECRET) {
        problems.push(
            'IDENTITY_KEY_SECRET: required when NODE_ENV=production and the embedded identity endpoint is used',
        );
    }
    if (
        Boolean(env.IDENTITY_ADMIN_ACCESS_KEY_ID) !== Boolean(env.IDENTITY_ADMIN_SECRET_ACCESS_KEY)
    ) {
        problems.push(
            'IDENTITY_ADMIN_ACCESS_KEY_ID and IDENTITY_ADMIN_SECRET_ACCESS_KEY: set both or neither',
        );
    }
    if (problems.length > 0) throw new ConfigError(problems);

    const publicUrl =
        env.PUBLIC_URL ??
        `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
    const issuer = env.COGNITO_ISSUER ?? `${publicUrl}/cognito-idp/${env.COGNITO_USER_POOL_ID}`;
    const versionId = env.VERSION_ID ?? defaultVersionId(env.STATIC_DIR);
    return {
        env: env.NODE_ENV,
        host: env.HOST,
        port: env.PORT,
        publicUrl,
        logLevel: env.LOG_LEVEL,
        database: { url: env.DATABASE_URL, dataDir: env.DATA_DIR },
        demo: { enabled: !production && env.DEMO_DATA !== false, seed: env.DEMO_SEED },
        simulation: {
            enabled: !production && env.DEMO_DATA !== false && env.SIMULATION !== false,
            speed: env.SIMULATION_SPEED,
        },
        staticDir: env.STATIC_DIR,
        versionId,
        identity: {
            mode,
            userPoolId: env.COGNITO_USER_POOL_ID,
            clientId: env.COGNITO_CLIENT_ID,
            region: env.COGNITO_REGION,
            issuer,
            jwksUri: `${issuer}/.well-known/jwks.json`,
            keySecret: env.IDENTITY_KEY_SECRET,
            accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
            refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
            admin: adminCredentials(env),
            temporaryPasswordValidityDays: env.TEMP_PASSWORD_VALIDITY_DAYS,
            rateLimits: {
                signInPerMinute: env.IDENTITY_SIGN_IN_LIMIT_PER_MINUTE,
                passwordPerMinute: env.IDENTITY_PASSWORD_LIMIT_PER_MINUTE,
            },
            signInUrl: `${publicUrl}/login`,
        },
        mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
        analytics: { internalEmailDomains: env.INTERNAL_EMAIL_DOMAINS.split(',').filter(Boolean) },
        environment: env.APP_ENVIRONMENT,
        roleSync: env.ROLE_SYNC_SECRET
            ? { secret: env.ROLE_SYNC_SECRET, source: 'configured' }
            : { secret: randomBytes(32).toString('base64url'), source: 'ephemeral' },
        geocoderUrl: env.GEOCODER_URL,
        apiAccess: { tokenTtlSeconds: env.API_TOKEN_TTL_SECONDS },
        events: {
            retentionDays: env.EVENT_RETENTION_DAYS,
            processingIntervalSeconds: env.TOUR_PROCESSING_INTERVAL_SECONDS,
        },
        browser: {
            versionId,
            cognito: {
                userPoolId: env.COGNITO_USER_POOL_ID,
                userPoolClientId: env.COGNITO_CLIENT_ID,
                // Embedded mode: same-origin endpoint (the browser makes it absolute).
                userPoolEndpoint:
                    env.COGNITO_ENDPOINT ?? (mode === 'embedded' ? '/cognito-idp/' : undefined),
            },
            services: {
                backOffice: env.BACK_OFFICE_BASE_URL,
                tenantAdmin: env.TENANT_ADMIN_BASE_URL,
                dataGateway: env.DATA_GATEWAY_BASE_URL,
                deviceManagement: env.DEVICE_MANAGEMENT_BASE_URL,
                tourCommander: env.TOUR_COMMANDER_BASE_URL,
                apiAccess: env.API_ACCESS_BASE_URL,
            },
            helpCenterUrl: env.HELP_CENTER_URL,
            routePlannerUrl: env.ROUTE_PLANNER_URL,
            addressLookup: Boolean(env.GEOCODER_URL),
            // The rule of GET /api/v2/mail-outbox (404 in production), so the page shows where the API answers.
            mailViewer: !production,
            mapTileUrl: env.MAP_TILE_URL,
            mapAttribution: env.MAP_TILE_URL ? env.MAP_TILE_ATTRIBUTION : undefined,
            environment: env.APP_ENVIRONMENT,
            apiTokenTtlSeconds: env.API_TOKEN_TTL_SECONDS,
        },
        shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    };
}

/**
 * Pino options: request ids; never a token, password or cookie in the log, and never the
 * values of a failed database statement (errors are serialized by errorForLog). On a terminal
 * each record is one readable line (log-format.ts); elsewhere JSON, one record per line.
 */
export function loggerOptions(config: AppConfig, output: LogOutput = process.stdout) {
    // pino's own destination (fd 1) for JSON on standard output; `stream` otherwise.
    const stream = output.isTTY
        ? readableLogStream(output)
        : output === process.stdout
          ? undefined
          : output;
    return {
        level: config.logLevel,
        redact: {
            paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.PASSWORD',
                '*.token',
            ],
            censor: '[redacted]',
        },
        serializers: { err: errorForLog },
        ...(stream ? { stream } : {}),
    };
}
