import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
    url: string;
    process: ChildProcess;
    /** Milliseconds from spawn to the first 200 from /readyz. */
    readyAfterMs: number;
    /** What start.mjs printed it was building before the server ran (then in readyAfterMs). */
    builds: string[];
    stdout: string;
    stop(): Promise<void>;
}

export interface DemoLogin {
    role: string;
    email: string;
    password: string;
}

export function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const probe = createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            probe.close(() =>
                typeof address === 'object' && address
                    ? resolve(address.port)
                    : reject(new Error('no port')),
            );
        });
    });
}

/**
 * The demo sign-ins the server prints when it runs in demo mode: one line per login, role,
 * e-mail and password separated by two or more spaces (role names contain single spaces).
 */
function demoLogins(stdout: string): DemoLogin[] {
    return stdout.split('\n').flatMap((line) => {
        const [role, email, password, ...rest] = line.trim().split(/\s{2,}/);
        return role && email?.includes('@') && password && rest.length === 0
            ? [{ role, email, password }]
            : [];
    });
}

/** The demo login of a role (exact role name), or an error showing what the server printed. */
export function demoLogin(stdout: string, role: string): DemoLogin {
    const login = demoLogins(stdout).find((candidate) => candidate.role === role);
    if (!login) throw new Error(`no demo login for "${role}" in the server output:\n${stdout}`);
    return login;
}

/** The child processes of a process (Linux /proc; empty elsewhere). */
function childrenOf(pid: number): number[] {
    try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .map(Number);
    } catch {
        return [];
    }
}

/**
 * Starts the server as `npm start` does (`node scripts/start.mjs`, which checks the browser
 * build and runs the server, passing its output through and forwarding SIGTERM) and waits for
 * /readyz (bounded by `timeoutMs`). The bench builds dist/ first, so start.mjs finds it current.
 */
export async function startServer(
    env: Record<string, string>,
    timeoutMs = 180_000,
): Promise<RunningServer> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const started = performance.now();
    // BENCH_SERVER_NODE_ARGS: Node options of the servers (e.g. --cpu-prof, refused in NODE_OPTIONS).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
        env: {
            ...process.env,
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: url,
            LOG_LEVEL: 'warn',
            // The demo's live-day simulator would load every measurement; parts that want it say so.
            SIMULATION: 'false',
            ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    let exitedEarly = false;
    const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code, signal) => {
            exitedEarly = true;
            reject(new Error(`server exited with ${code ?? signal}:\n${stdout}`));
        }),
    );
    const ready = (async () => {
        for (;;) {
            if (exitedEarly) return 0;
            if (performance.now() - started > timeoutMs)
                throw new Error(`server not ready in ${timeoutMs} ms:\n${stdout}`);
            try {
                if ((await fetch(`${url}/readyz`)).ok) return performance.now() - started;
            } catch {
                // not listening yet
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
    })();

    const stop = () =>
        new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const descendants = childrenOf(child.pid ?? 0);
            // start.mjs forwards SIGTERM; after 20 s both it and the server are killed.
            const timer = setTimeout(() => {
                console.warn('bench: the server did not stop within 20 s; killing it');
                for (const pid of descendants) {
                    try {
                        process.kill(pid, 'SIGKILL');
                    } catch {
                        // already gone
                    }
                }
                child.kill('SIGKILL');
            }, 20_000);
            child.removeAllListeners('exit');
            child.once('exit', () => {
                clearTimeout(timer);
                resolve();
            });
            child.kill('SIGTERM');
        });

    let readyAfterMs: number;
    try {
        readyAfterMs = await Promise.race([ready, exited]);
    } catch (error) {
        await stop();
        throw error;
    }
    // Exiting later is reported by the stop above or by the requests that then fail.
    exited.catch((error: unknown) => console.error(`bench: ${String(error)}`));
    // The demo sign-ins are printed right after listening: wait for them (at most 5 s).
    for (let waited = 0; waited < 5000 && !/is running at/.test(stdout); waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const builds = stdout
        .split('\n')
        .filter((line) => /\b(build|rebuild|compil)ing\b/i.test(line))
        .map((line) => line.trim());
    if (builds.length > 0)
        console.warn(`bench: this start includes what start.mjs built: ${builds.join(' ')}`);
    return {
        builds,
        url,
        process: child,
        readyAfterMs,
        get stdout() {
            return stdout;
        },
        stop,
    };
}
