// PostgreSQL for the bench: BENCH_DATABASE_URL when set, else a throwaway cluster on 127.0.0.1
// (initdb + pg_ctl from /usr/lib/postgresql/<version>/bin, as the `postgres` user when running as
// root, like .ci/run), else none. Every database the bench uses is created fresh and dropped.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

interface PostgresServer {
    /** Connection string of the server's `postgres` database (for create/drop database). */
    url: string;
    /** Where it comes from, for the results. */
    source: string;
    stop(): Promise<void>;
}

export type PostgresAvailability = PostgresServer | { skipped: string };

const PG_ROOT = '/usr/lib/postgresql';
const SU = existsSync('/usr/bin/su') ? '/usr/bin/su' : '/bin/su';

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, if any. */
function postgresBinDir(): string | undefined {
    if (!existsSync(PG_ROOT)) return undefined;
    return readdirSync(PG_ROOT)
        .filter((version) => /^\d+(\.\d+)?$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(PG_ROOT, version, 'bin'))
        .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** Runs a PostgreSQL tool, as the `postgres` user when this process is root (initdb refuses root). */
function runPostgresTool(args: string[], timeoutMs = 120_000): void {
    const asRoot = process.getuid?.() === 0;
    const result = asRoot
        ? spawnSync(SU, ['postgres', '-s', '/bin/sh', '-c', args.map(quote).join(' ')], {
              encoding: 'utf8',
              timeout: timeoutMs,
          })
        : spawnSync(args[0] ?? '', args.slice(1), { encoding: 'utf8', timeout: timeoutMs });
    if (result.status !== 0)
        throw new Error(
            `${args.slice(0, 2).join(' ')} failed (${result.status ?? result.signal ?? result.error?.message}):\n${result.stdout}${result.stderr}`,
        );
}

/** Copies the cluster's log out of its directory (which is removed); answers the copy's path. */
function copyLog(log: string): string {
    const copy = join(tmpdir(), `bench-pg-${Date.now()}.log`);
    copyFileSync(log, copy);
    return copy;
}

/** A throwaway cluster: trust authentication, 127.0.0.1 only, a free port, a temporary directory. */
async function throwawayCluster(bin: string): Promise<PostgresServer> {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
    const data = join(dir, 'data');
    let started = false;
    const stop = async () => {
        if (started) {
            try {
                runPostgresTool(
                    [join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'],
                    60_000,
                );
            } catch (error) {
                console.warn(`bench: stopping the throwaway PostgreSQL cluster: ${String(error)}`);
            }
            started = false;
        }
        if (process.env.BENCH_POSTGRES_KEEP_LOG === '1')
            console.error(`bench: PostgreSQL log: ${copyLog(join(dir, 'server.log'))}`);
        rmSync(dir, { recursive: true, force: true });
    };
    try {
        if (process.getuid?.() === 0) {
            const postgresUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
            const postgresGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
            if (postgresUser.status !== 0)
                throw new Error('running as root without a postgres user');
            chownSync(dir, Number(postgresUser.stdout.trim()), Number(postgresGroup.stdout.trim()));
        }
        runPostgresTool([
            join(bin, 'initdb'),
            '-D',
            data,
            '-U',
            'postgres',
            '--auth=trust',
            '-E',
            'UTF8',
            '--no-instructions',
        ]);
        const port = await freePort();
        started = true;
        runPostgresTool([
            join(bin, 'pg_ctl'),
            '-D',
            data,
            '-l',
            join(dir, 'server.log'),
            '-o',
            `-h 127.0.0.1 -p ${port} -k ${dir} ${process.env.BENCH_POSTGRES_OPTIONS ?? ''}`.trim(),
            '-w',
            '-t',
            '60',
            'start',
        ]);
        return {
            url: `postgres://postgres@127.0.0.1:${port}/postgres`,
            source: `throwaway cluster (${bin}, default settings)`,
            stop,
        };
    } catch (error) {
        await stop();
        throw error;
    }
}

/**
 * BENCH_DATABASE_URL when set (not stopped afterwards); else a throwaway cluster when the
 * PostgreSQL binaries exist (stop it in a finally block); else the reason it is skipped.
 */
export async function openPostgres(): Promise<PostgresAvailability> {
    const url = process.env.BENCH_DATABASE_URL;
    if (url) return { url, source: 'BENCH_DATABASE_URL', stop: async () => {} };
    const bin = postgresBinDir();
    if (!bin)
        return {
            skipped: `BENCH_DATABASE_URL is not set and no PostgreSQL binaries under ${PG_ROOT}/*/bin`,
        };
    console.log(`bench: starting a throwaway PostgreSQL cluster (${bin})`);
    return throwawayCluster(bin);
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
        await client.query(text);
    } finally {
        await client.end();
    }
}

/** Runs `run` on a new database of the server (its URL), dropped afterwards whatever happens. */
export async function withFreshDatabase<T>(
    serverUrl: string,
    prefix: string,
    run: (databaseUrl: string) => Promise<T>,
): Promise<T> {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    try {
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        return await run(url.toString());
    } finally {
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    }
}
