// The budgets of issue 12 (ARCHITECTURE.md "Performance budgets"): each measured figure beside
// its limit, pass or fail; ratios against react-admin's demo when it was measured.

export interface BudgetRow {
    budget: string;
    measured: number | null;
    unit: 'ms' | 'KB' | 'req/s' | 'x';
    comparison: '<=' | '<' | '>=' | null;
    /** Null: reported only, or not measured. */
    limit: number | null;
    pass: boolean | null;
    note?: string;
}

/** The figures the budgets need; null where a measurement was skipped or failed. */
export interface BudgetInputs {
    signIn: { usableAfterMs: number; jsGzipBytes: number } | null;
    listPages: { name: string; afterMs: number; jsGzipBytes: number }[];
    demo: { signInUsableMs: number; customersFirstRowMinusFakeDelayMs: number } | null;
    mixed: Record<
        'postgres' | 'pglite',
        {
            requestsPerSecond: number;
            p99Ms: number;
            errors: number;
            /** What drove the load: wrk, or the bench's Node client. */
            generator: string;
        } | null
    >;
    /** The slowest single-record read at concurrency 1 (p99), with its name. */
    singleRecordP99: { name: string; p99Ms: number } | null;
    coldStart: { restartMs: number; firstStartMs: number } | null;
    postgresColdStart: { restartMs: number; firstStartMs: number } | null;
}

const KB = 1024;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function row(
    budget: string,
    measured: number | null | undefined,
    unit: BudgetRow['unit'],
    comparison: BudgetRow['comparison'],
    limit: number | null,
    note?: string,
): BudgetRow {
    const value = measured ?? null;
    let pass: boolean | null = null;
    if (value !== null && limit !== null && comparison !== null)
        pass =
            comparison === '<='
                ? value <= limit
                : comparison === '<'
                  ? value < limit
                  : value >= limit;
    return { budget, measured: value, unit, comparison, limit, pass, ...(note ? { note } : {}) };
}

const NOT_MEASURED = 'not measured';
const NO_DEMO = 'react-admin demo not measured (BENCH_RA_DEMO_DIR)';

export function evaluateBudgets(inputs: BudgetInputs): BudgetRow[] {
    const rows: BudgetRow[] = [];
    const { signIn, demo } = inputs;
    rows.push(
        row(
            'Sign-in: gzipped JS before the form is usable',
            signIn ? round(signIn.jsGzipBytes / KB, 1) : null,
            'KB',
            '<=',
            230,
            signIn ? undefined : NOT_MEASURED,
        ),
        row(
            'Sign-in: form usable, cold load of /',
            signIn?.usableAfterMs,
            'ms',
            '<=',
            500,
            signIn ? undefined : NOT_MEASURED,
        ),
        row(
            'Sign-in: usable time / react-admin demo',
            signIn && demo ? round(signIn.usableAfterMs / demo.signInUsableMs) : null,
            'x',
            '<=',
            demo ? 0.5 : null,
            demo ? `demo ${demo.signInUsableMs} ms` : NO_DEMO,
        ),
    );
    for (const page of inputs.listPages) {
        rows.push(
            row(`${page.name}: first row, cold load`, page.afterMs, 'ms', '<=', 800),
            row(
                `${page.name}: first row / demo /#/customers minus fake delay`,
                demo ? round(page.afterMs / demo.customersFirstRowMinusFakeDelayMs) : null,
                'x',
                '<=',
                demo ? 0.5 : null,
                demo ? `demo ${demo.customersFirstRowMinusFakeDelayMs} ms` : NO_DEMO,
            ),
            row(
                `${page.name}: gzipped JS of the route`,
                round(page.jsGzipBytes / KB, 1),
                'KB',
                '<=',
                350,
            ),
        );
    }
    if (inputs.listPages.length === 0)
        rows.push(row('List pages: first row, cold load', null, 'ms', '<=', 800, NOT_MEASURED));
    const mixedLimits = {
        postgres: { label: 'PostgreSQL', rps: 1500, p99: 20 },
        pglite: { label: 'PGlite', rps: 500, p99: 100 },
    } as const;
    for (const engine of ['postgres', 'pglite'] as const) {
        const mixed = inputs.mixed[engine];
        const limits = mixedLimits[engine];
        const errors = mixed
            ? [`driven by ${mixed.generator}`, mixed.errors > 0 ? `${mixed.errors} errors` : '']
                  .filter(Boolean)
                  .join(', ')
            : undefined;
        rows.push(
            row(
                `Mixed reads on ${limits.label}, 8 connections: throughput`,
                mixed?.requestsPerSecond,
                'req/s',
                '>=',
                limits.rps,
                mixed ? errors : NOT_MEASURED,
            ),
            row(
                `Mixed reads on ${limits.label}, 8 connections: p99`,
                mixed?.p99Ms,
                'ms',
                '<',
                limits.p99,
                mixed ? errors : NOT_MEASURED,
            ),
        );
        // A load with failed requests does not pass, whatever its figures.
        if (mixed && mixed.errors > 0) for (const last of rows.slice(-2)) last.pass = false;
    }
    rows.push(
        row(
            'Single-record reads p99 (concurrency 1, slowest endpoint)',
            inputs.singleRecordP99?.p99Ms,
            'ms',
            '<',
            10,
            inputs.singleRecordP99?.name ?? NOT_MEASURED,
        ),
        row(
            'Restart on existing data (PGlite)',
            inputs.coldStart?.restartMs,
            'ms',
            '<',
            3000,
            inputs.coldStart ? undefined : NOT_MEASURED,
        ),
        row(
            'First start on an empty data directory (PGlite)',
            inputs.coldStart?.firstStartMs,
            'ms',
            null,
            null,
            'reported',
        ),
    );
    if (inputs.postgresColdStart)
        rows.push(
            row(
                'Restart on existing data (PostgreSQL)',
                inputs.postgresColdStart.restartMs,
                'ms',
                '<',
                3000,
            ),
            row(
                'First start on an empty database (PostgreSQL)',
                inputs.postgresColdStart.firstStartMs,
                'ms',
                null,
                null,
                'reported',
            ),
        );
    return rows;
}

/** A plain-text table of the budgets. */
export function budgetTable(rows: BudgetRow[]): string {
    const cells = rows.map((entry) => [
        entry.budget,
        entry.measured === null ? '–' : `${entry.measured} ${entry.unit}`,
        entry.limit === null || entry.comparison === null
            ? '–'
            : `${entry.comparison} ${entry.limit} ${entry.unit}`,
        entry.pass === null ? 'n/a' : entry.pass ? 'pass' : 'FAIL',
        entry.note ?? '',
    ]);
    const header = ['budget', 'measured', 'limit', 'result', 'note'];
    const widths = header.map((title, column) =>
        Math.max(title.length, ...cells.map((cell) => (cell[column] ?? '').length)),
    );
    const line = (cell: string[]) =>
        cell
            .map((text, column) => text.padEnd(widths[column] ?? 0))
            .join('  ')
            .trimEnd();
    return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join(
        '\n',
    );
}
