import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { summariseTourAnalytics } from '../../../../domain/tourAnalytics.js';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-results.js';
import { loadAnalyticsTours } from './analytics-input.js';
import { saveAnalytics, type ComputedAnalytics } from './analytics-writes.js';

/**
 * Keeps `tour_analytics` current (issue 16): the figures of a tour that moved on are computed
 * again from its events (domain/tourAnalytics.ts), at most every `REFRESH_MINUTES` while it runs,
 * and once more after it finished. Any app server takes due tours (`for update skip locked`), so
 * two servers share the work; the history backfill writes the figures of its days itself.
 */
export const REFRESH_MINUTES = 10;
const POLL_MS = 30_000;
/**
 * Tours summarised in one set. On PostgreSQL a set is one transaction that locks its tours, so
 * that app servers share the work. PGlite runs every query on the event loop of the one app
 * server that owns it: there a set is one tour, read query by query without a transaction (no
 * other server competes), so that requests get their turn between the reads.
 */
const CLAIM = { postgres: 20, pglite: 1 } as const;

const DUE_SQL = sql`
    select t.id from tours t
    left join tour_analytics a on a.tour_id = t.id
    where t.state <> 'NOT_STARTED'
        and (a.tour_id is null or (a.processed_seq < t.processed_seq and
            (t.state = 'FINISHED' or a.computed_at
                < now() - make_interval(mins => ${REFRESH_MINUTES}))))
    order by t.tour_date desc, t.id`;

/** The figures of `tours`, one tour at a time with a turn for other work between them. */
async function summarise(
    tours: Awaited<ReturnType<typeof loadAnalyticsTours>>,
    log: FastifyInstance['log'] | undefined,
): Promise<ComputedAnalytics[]> {
    const computed: ComputedAnalytics[] = [];
    for (const tour of tours) {
        try {
            computed.push({ tour, analytics: summariseTourAnalytics(tour.input) });
        } catch (error) {
            log?.error({ err: error, tourId: tour.id }, 'tour analytics failed');
        }
        await new Promise((resolve) => setImmediate(resolve));
    }
    return computed;
}

/**
 * Summarises up to `claim` due tours; answers how many. `lock` (PostgreSQL): in one transaction
 * that takes the tours `for update skip locked`; without it (PGlite), the reads run one by one and
 * only the write is a transaction.
 */
export async function summariseDueTours(
    db: Database,
    options: { claim: number; lock?: boolean; log?: FastifyInstance['log'] },
): Promise<number> {
    const limit = sql` limit ${options.claim}`;
    if (options.lock === false) {
        const due = rowsOf<{ id: string }>(await db.execute(sql`${DUE_SQL}${limit}`)).map(
            (row) => row.id,
        );
        if (due.length === 0) return 0;
        const computed = await summarise(await loadAnalyticsTours(db, due), options.log);
        await db.transaction((tx) => saveAnalytics(tx, computed));
        return due.length;
    }
    return db.transaction(async (tx) => {
        const due = rowsOf<{ id: string }>(
            await tx.execute(sql`${DUE_SQL} for update of t skip locked${limit}`),
        ).map((row) => row.id);
        if (due.length === 0) return 0;
        const computed = await summarise(await loadAnalyticsTours(tx, due), options.log);
        await saveAnalytics(tx, computed);
        return due.length;
    });
}

/** Runs the analytics worker on this app server while it is up. */
export function scheduleTourAnalytics(fastify: FastifyInstance): void {
    const pglite = fastify.database.driver === 'pglite';
    const claim = CLAIM[pglite ? 'pglite' : 'postgres'];
    let poll: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;
    const run = async () => {
        try {
            while (!closing) {
                const started = performance.now();
                const done = await summariseDueTours(fastify.db, {
                    claim,
                    lock: !pglite,
                    log: fastify.log,
                });
                if (done < claim) break;
                // The figures are computed on this event loop (and PGlite's queries run there
                // too): rest four times as long as the set took, so requests keep their turn.
                const rest = Math.min(4 * (performance.now() - started), 2_000);
                await new Promise((resolve) => setTimeout(resolve, rest));
            }
        } catch (error) {
            fastify.log.error({ err: error }, 'tour analytics failed');
        }
    };
    const soon = () => {
        if (running || closing) return;
        running = run().finally(() => {
            running = undefined;
        });
    };
    fastify.addHook('onReady', async () => {
        poll = setInterval(soon, POLL_MS);
        poll.unref();
        soon();
    });
    fastify.addHook('onClose', async () => {
        closing = true;
        if (poll) clearInterval(poll);
        await running;
    });
}
