import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, loggerOptions, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startPlannerStatistics } from './db/planner-statistics.js';
import type { DemoLogin } from './demo/seed.js';
import { startBanner } from './start-banner.js';

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
    // Milliseconds since the process started at which each step finished, logged once ready.
    const boot: Record<string, number> = {};
    const done = (step: string) => (boot[step] = Math.round(performance.now()));
    // The logger comes with Fastify, which loads while the database opens.
    const logger: { current?: FastifyBaseLogger } = {};
    const lostConnection = 'database connection lost; the pool opens a new one';
    // The database opens (PGlite compiles its WebAssembly off the main thread and reads its
    // files) while the rest of the server loads: only the database client is imported statically.
    const opening = openDatabase({
        ...config.database,
        onConnectionError: (error) =>
            logger.current
                ? logger.current.warn({ err: error }, lostConnection)
                : console.warn(lostConnection, error),
    });
    // A handler before it is awaited: a failure meanwhile would otherwise count as unhandled.
    opening.then(
        () => done('database'),
        () => undefined,
    );
    const [
        { default: Fastify, LogController },
        { default: app, servicePrefixes },
        requestLog,
        bootstrap,
        demo,
        mail,
    ] = await Promise.all([
        import('fastify'),
        import('./app.js'),
        import('./plugins/request-log.js'),
        import('./db/bootstrap.js'),
        import('./demo/seed.js'),
        import('./mail/sender.js'),
    ]);
    done('modules');
    // One line per request (plugins/request-log.ts) instead of Fastify's two.
    const fastify = Fastify({
        logger: loggerOptions(config),
        logController: new LogController({ disableRequestLogging: true }),
        trustProxy: false,
    });
    logger.current = fastify.log;
    const database = await opening;
    let demoLogins: DemoLogin[] = [];
    // The seed ensures the technical roles itself.
    if (config.demo.enabled)
        demoLogins = await demo.seedDemoIfEmpty(database.db, {
            seed: config.demo.seed,
            log: fastify.log,
        });
    else await bootstrap.ensureTechnicalRoles(database.db);
    done('data');
    // PGlite has no autovacuum: the planner's statistics are gathered here (now, then every 5 minutes).
    const statistics = await startPlannerStatistics(database, fastify.log);
    done('statistics');
    await fastify.register(requestLog.default, {
        servicePrefixes: Object.values(servicePrefixes),
    });
    await fastify.register(app, { config, database });
    const mailSender = mail.createMailSender({
        db: database.db,
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        log: fastify.log,
    });

    let closing = false;
    let stopSimulation = () => Promise.resolve();
    const shutdown = async (signal: string) => {
        if (closing) return;
        closing = true;
        fastify.log.info({ signal }, 'shutting down');
        const timer = setTimeout(() => {
            fastify.log.error('shutdown timed out; exiting');
            process.exit(1);
        }, config.shutdownTimeoutMs);
        timer.unref();
        await stopSimulation();
        await mailSender.stop();
        await statistics.stop();
        await fastify.close();
        await database.close();
        process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await fastify.listen({ host: config.host, port: config.port });
    done('listening');
    fastify.log.info({ msSinceProcessStart: boot }, 'started');
    mailSender.start();
    const address = fastify.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    // The demo's live delivery day, sent to this server like any integration would.
    const own = ['0.0.0.0', '::'].includes(config.host) ? `http://127.0.0.1:${port}` : url;
    const simulation = config.simulation.enabled
        ? (await import('./demo/simulation/live.js')).startLiveSimulation({
              db: database.db,
              config,
              baseUrl: own,
              seed: config.demo.seed,
              speed: config.simulation.speed,
              log: fastify.log,
          })
        : undefined;
    stopSimulation = () => simulation?.stop() ?? Promise.resolve();
    console.log(
        startBanner({
            versionId: config.versionId,
            url,
            database: { driver: database.driver, dataDir: config.database.dataDir },
            demoLogins,
        }),
    );
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
