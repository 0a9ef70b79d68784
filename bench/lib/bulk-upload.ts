// A 20,000-depot CSV upload through the API on PGlite while a user of another organisation reads
// in a closed loop (issue 13 point 24): how long the upload and its transaction take, and how
// the other organisation's reads fare meanwhile. Its own server on a new data directory, so the
// 20,000 depots never reach the other parts' data. Run alone: `node --import tsx bench/lib/bulk-upload.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { depotCsvColumns } from '../../domain/depots.js';
import { percentile, round } from './load.js';
import { signIn } from './mixed-load.js';
import { demoLogin, startServer } from './server-process.js';

export interface BulkUploadResult {
    rows: number;
    uploadMs: number;
    /** From the server's `depots uploaded` log record: the transaction, locks to commit. */
    transactionMs: number | null;
    otherTenantReads: {
        /** Reads that overlapped the upload (sent before it ended, answered after it began). */
        duringUpload: number;
        p50Ms: number;
        p99Ms: number;
        maxMs: number;
        errors: number;
    };
    /** The same reads before the upload, for comparison. */
    otherTenantReadsBefore: { reads: number; p50Ms: number; p99Ms: number; maxMs: number };
    /**
     * The same reads in the 2 s after the upload answered: the first one reloads every server's
     * master-data copy (every depot, the 20,000 new ones too), which the write made stale.
     */
    otherTenantReadsAfter: { reads: number; p50Ms: number; p99Ms: number; maxMs: number };
}

const json = async <T>(baseUrl: string, path: string, token: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
};
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The `transactionMs` of the last `depots uploaded` JSON record in the server's output. */
function transactionMsFrom(stdout: string): number | null {
    let found: number | null = null;
    for (const line of stdout.split('\n')) {
        if (!line.includes('depots uploaded')) continue;
        try {
            const record = JSON.parse(line) as { transactionMs?: number };
            if (typeof record.transactionMs === 'number') found = record.transactionMs;
        } catch {
            // not a JSON record
        }
    }
    return found;
}

export async function measureBulkUpload(rows = 20_000): Promise<BulkUploadResult> {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
    try {
        console.log('bench: bulk upload, server on a new data directory (demo seed)');
        const server = await startServer({
            DATA_DIR: dataDir,
            LOG_LEVEL: 'info',
            IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
        });
        try {
            return await uploadWhileReading(server.url, () => server.stdout, rows);
        } finally {
            await server.stop();
        }
    } finally {
        rmSync(dataDir, { recursive: true, force: true });
    }
}

async function uploadWhileReading(
    baseUrl: string,
    stdout: () => string,
    rows: number,
): Promise<BulkUploadResult> {
    const uploader = await signIn(baseUrl, demoLogin(stdout(), 'Organization Admin'));
    const reader = await signIn(baseUrl, demoLogin(stdout(), 'Admin'));
    const me = await json<{ tenants: { id: string }[] }>(baseUrl, '/api/users/me', uploader);
    const tenantId = me.tenants[0]?.id;
    if (!tenantId) throw new Error('the organisation admin has no organisation');
    const regions = await json<{ id: string }[]>(
        baseUrl,
        `/tenant-admin/v1/depotGroups?filter=${q({ tenantId })}&range=${q([0, 0])}`,
        uploader,
    );
    const regionId = regions[0]?.id;
    if (!regionId) throw new Error(`organisation ${tenantId} has no region`);
    const tenants = await json<{ id: string }[]>(baseUrl, '/tenant-admin/v1/tenants', reader);
    const otherTenant = tenants.find((tenant) => tenant.id !== tenantId)?.id;
    if (!otherTenant) throw new Error('no second organisation');

    const cells = (index: number): Record<string, string> => ({
        organizationId: tenantId,
        country: 'DE',
        regionId,
        externalDepotId: `BU${index}`,
        name: `Bulk depot ${index}`,
        street: 'Lagerstraße',
        houseNumber: String((index % 200) + 1),
        zipCode: '20095',
        locality: 'Hamburg',
        latitude: '53.55',
        longitude: '10.0',
        timeZone: 'Europe/Berlin',
        deviceMapping: '',
    });
    const csv = [
        depotCsvColumns.join(','),
        ...Array.from({ length: rows }, (_, index) => {
            const row = cells(index);
            return depotCsvColumns.map((column) => row[column]).join(',');
        }),
    ].join('\r\n');

    // The other organisation's depot list, as its users see it (the Admin reading that organisation).
    const readUrl = `${baseUrl}/tenant-admin/v1/depots?filter=${q({ tenantId: otherTenant })}&sort=${q(['name', 'ASC'])}&range=${q([0, 24])}`;
    const reads: { start: number; end: number; ok: boolean }[] = [];
    let reading = true;
    const readLoop = async () => {
        while (reading) {
            const start = performance.now();
            const response = await fetch(readUrl, {
                headers: { authorization: `Bearer ${reader}` },
            });
            await response.arrayBuffer();
            reads.push({ start, end: performance.now(), ok: response.ok });
        }
    };
    const loop = readLoop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const uploadStart = performance.now();
    const response = await fetch(`${baseUrl}/tenant-admin/v1/depots/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${uploader}`, 'content-type': 'text/csv' },
        body: csv,
    });
    const answer = await response.text();
    const uploadEnd = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    reading = false;
    await loop;
    if (response.status !== 201)
        throw new Error(`upload answered ${response.status}: ${answer.slice(0, 500)}`);

    const summary = (latencies: number[]) => {
        const sorted = latencies.sort((a, b) => a - b);
        return {
            p50Ms: round(percentile(sorted, 50)),
            p99Ms: round(percentile(sorted, 99)),
            maxMs: round(sorted.at(-1) ?? 0),
        };
    };
    const during = reads.filter((read) => read.start < uploadEnd && read.end > uploadStart);
    const before = reads.filter((read) => read.end <= uploadStart);
    const after = reads.filter((read) => read.start >= uploadEnd);
    return {
        rows,
        uploadMs: Math.round(uploadEnd - uploadStart),
        transactionMs: transactionMsFrom(stdout()),
        otherTenantReads: {
            duringUpload: during.length,
            ...summary(during.map((read) => read.end - read.start)),
            errors: during.filter((read) => !read.ok).length,
        },
        otherTenantReadsBefore: {
            reads: before.length,
            ...summary(before.map((read) => read.end - read.start)),
        },
        otherTenantReadsAfter: {
            reads: after.length,
            ...summary(after.map((read) => read.end - read.start)),
        },
    };
}

if (import.meta.url === `file://${process.argv[1]}`) {
    console.log(JSON.stringify(await measureBulkUpload(), null, 2));
}
