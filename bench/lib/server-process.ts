import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningServer {
    url: string;
    process: ChildProcess;
    /** Milliseconds from spawn to the first 200 from /readyz. */
    readyAfterMs: number;
    stdout: string;
    stop(): Promise<void>;
}

function freePort(): Promise<number> {
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

/** Starts `server/main.ts` as `npm start` does and waits for /readyz (bounded by `timeoutMs`). */
export async function startServer(
    env: Record<string, string>,
    timeoutMs = 120_000,
): Promise<RunningServer> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
            ...process.env,
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: url,
            LOG_LEVEL: 'warn',
            ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${stdout}`))),
    );
    const ready = (async () => {
        for (;;) {
            if (performance.now() - started > timeoutMs)
                throw new Error('server not ready in time');
            try {
                if ((await fetch(`${url}/readyz`)).ok) return performance.now() - started;
            } catch {
                // not listening yet
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
    })();
    const readyAfterMs = await Promise.race([ready, exited]);
    return {
        url,
        process: child,
        readyAfterMs,
        get stdout() {
            return stdout;
        },
        stop: () =>
            new Promise<void>((resolve) => {
                child.removeAllListeners('exit');
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
            }),
    };
}
