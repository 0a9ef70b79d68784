// The mixed read load driven by wrk (Debian package `wrk`), when installed: a C load generator
// that costs the 2-core machine a few percent of a core, where the bench's own Node client costs
// as much CPU as a good part of the server's. Same URLs, tokens, connections and duration as the
// Node closed loop; wrk reports the whole load's figures (no per-endpoint split). Stops by itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MixedSummary } from './mixed-load.js';

export interface WrkRequest {
    path: string;
    headers: Record<string, string>;
}

export interface WrkResult extends MixedSummary {
    tool: string;
    connections: number;
    seconds: number;
}

/** The wrk binary's version line, or undefined when wrk is not installed. */
export function wrkVersion(): string | undefined {
    const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
    if (probe.error) return undefined;
    return `${probe.stdout}${probe.stderr}`.split('\n')[0]?.trim() || 'wrk';
}

const lua = (value: string) => JSON.stringify(value); // a JSON string is a valid Lua string here

/** A wrk script sending `requests` in turn on every connection; prints the figures as JSON. */
function script(requests: WrkRequest[]): string {
    const entries = requests
        .map((request) => {
            const headers = Object.entries(request.headers)
                .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
                .join(', ');
            return `    requests[#requests + 1] = wrk.format("GET", ${lua(request.path)}, { ${headers} })`;
        })
        .join('\n');
    return `local requests = {}
local counter = 0
init = function(args)
${entries}
end
request = function()
    counter = counter + 1
    return requests[(counter % #requests) + 1]
end
done = function(summary, latency, _)
    local errors = summary.errors.connect + summary.errors.read + summary.errors.write
        + summary.errors.timeout + summary.errors.status
    io.write(string.format(
        'WRK_JSON {"requests":%d,"errors":%d,"durationUs":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d}\\n',
        summary.requests, errors, summary.duration, latency:percentile(50),
        latency:percentile(90), latency:percentile(99), latency.max))
end
`;
}

const ms = (microseconds: number) => Math.round(microseconds / 10) / 100;

/** Runs wrk (1 thread, `connections` connections) against `baseUrl` for `seconds`. */
export async function runWrk(
    baseUrl: string,
    requests: WrkRequest[],
    connections: number,
    seconds: number,
): Promise<WrkResult> {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    const file = join(dir, 'mixed.lua');
    writeFileSync(file, script(requests));
    try {
        const output = await new Promise<string>((resolve, reject) => {
            const child = spawn(
                'wrk',
                [
                    '-t1',
                    `-c${connections}`,
                    `-d${seconds}s`,
                    '--timeout',
                    '30s',
                    '-s',
                    file,
                    baseUrl,
                ],
                { stdio: ['ignore', 'pipe', 'pipe'] },
            );
            let text = '';
            child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
            // Bounded: wrk stops by itself after `seconds`; this is the safety net.
            const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
            child.on('error', reject);
            child.on('exit', (code) => {
                clearTimeout(timer);
                if (code === 0) resolve(text);
                else reject(new Error(`wrk exited with ${code}:\n${text}`));
            });
        });
        const line = output.split('\n').find((candidate) => candidate.startsWith('WRK_JSON '));
        if (!line) throw new Error(`wrk printed no figures:\n${output}`);
        const figures = JSON.parse(line.slice('WRK_JSON '.length)) as {
            requests: number;
            errors: number;
            durationUs: number;
            p50Us: number;
            p90Us: number;
            p99Us: number;
            maxUs: number;
        };
        return {
            tool: wrkVersion() ?? 'wrk',
            connections,
            seconds: Math.round(figures.durationUs / 10_000) / 100,
            requests: figures.requests,
            errors: figures.errors,
            requestsPerSecond: Math.round(figures.requests / (figures.durationUs / 1e6)),
            p50Ms: ms(figures.p50Us),
            p90Ms: ms(figures.p90Us),
            p99Ms: ms(figures.p99Us),
            maxMs: ms(figures.maxUs),
        };
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}
