export interface LatencySummary {
    requests: number;
    concurrency: number;
    errors: number;
    p50Ms: number;
    p90Ms: number;
    p99Ms: number;
    maxMs: number;
    requestsPerSecond: number;
}

export function percentile(sorted: number[], p: number): number {
    if (sorted.length === 0) return 0;
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A bounded closed-loop load on loopback: `concurrency` workers send `requests` requests in all,
 * after `warmup` unmeasured ones. Stops by itself.
 */
export async function measure(
    url: string,
    init: RequestInit,
    requests = 2000,
    concurrency = 8,
    warmup = 100,
): Promise<LatencySummary> {
    for (let i = 0; i < warmup; i++) await (await fetch(url, init)).arrayBuffer();
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
        while (next < requests) {
            next += 1;
            const t0 = performance.now();
            const response = await fetch(url, init);
            await response.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (!response.ok) errors += 1;
        }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = performance.now() - started;
    const sorted = latencies.sort((a, b) => a - b);
    return {
        requests,
        concurrency,
        errors,
        p50Ms: round(percentile(sorted, 50)),
        p90Ms: round(percentile(sorted, 90)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? 0),
        requestsPerSecond: Math.round((requests / elapsed) * 1000),
    };
}
