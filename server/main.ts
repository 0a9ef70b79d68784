import Fastify from 'fastify';
import app from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { ensureTechnicalRoles } from './db/bootstrap.js';
import { openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './demo/seed.js';
import { createMailSender } from './mail/sender.js';

/** Pino options: request ids, and never a token, password or cookie in the log. */
export function loggerOptions(config: AppConfig) {
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
    };
}

async function main() {
    let config: AppConfig;
    try {
        config = loadConfig();
    } catch (error) {
        if (error instanceof ConfigError) {
            console.error(error.message);
            process.exit(1);
        }
        throw error;
    }
    const fastify = Fastify({ logger: loggerOptions(config), trustProxy: false });
    const database = await openDatabase({
        ...config.database,
        onConnectionError: (error) =>
            fastify.log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
    });
    await ensureTechnicalRoles(database.db);
    const demoLogins = config.demo.enabled
        ? await seedDemoIfEmpty(database.db, { seed: config.demo.seed, log: fastify.log })
        : [];
    await fastify.register(app, { config, database });
    const mailSender = createMailSender({
        db: database.db,
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        log: fastify.log,
    });

    let closing = false;
    const shutdown = async (signal: string) => {
        if (closing) return;
        closing = true;
        fastify.log.info({ signal }, 'shutting down');
        const timer = setTimeout(() => {
            fastify.log.error('shutdown timed out; exiting');
            process.exit(1);
        }, config.shutdownTimeoutMs);
        timer.unref();
        await mailSender.stop();
        await fastify.close();
        await database.close();
        process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await fastify.listen({ host: config.host, port: config.port });
    mailSender.start();
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const lines = [`\nParcel back office ${config.versionId} is running at ${url}`];
    lines.push(
        database.driver === 'pglite'
            ? `Database: embedded PGlite in ${config.database.dataDir}`
            : 'Database: PostgreSQL (DATABASE_URL)',
    );
    if (demoLogins.length > 0) {
        lines.push('\nDemo sign-ins (demo mode only; never created when NODE_ENV=production):');
        const roleWidth = Math.max(...demoLogins.map((login) => login.role.length));
        const emailWidth = Math.max(...demoLogins.map((login) => login.email.length));
        for (const login of demoLogins)
            lines.push(
                `  ${login.role.padEnd(roleWidth)}  ${login.email.padEnd(emailWidth)}  ${login.password}`,
            );
    }
    console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
