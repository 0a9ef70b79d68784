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
/** Tours summarised in one transaction: on PGlite a set holds the one connection. */
const CLAIM = { postgres: 20, pglite: 3 } as const;

/** Summarises up to `claim` due tours; answers how many. */
export async function summariseDueTours(
    db: Database,
    options: { claim: number; log?: FastifyInstance['log'] },
): Promise<number> {
    return db.transaction(async (tx) => {
        const due = rowsOf<{ id: string }>(
            await tx.execute(sql`
                select t.id from tours t
                left join tour_analytics a on a.tour_id = t.id
                where t.state <> 'NOT_STARTED'
                    and (a.tour_id is null or (a.processed_seq < t.processed_seq and
                        (t.state = 'FINISHED' or a.computed_at
                            < now() - make_interval(mins => ${REFRESH_MINUTES}))))
                order by t.tour_date desc, t.id
                for update of t skip locked limit ${options.claim}`),
        ).map((row) => row.id);
        if (due.length === 0) return 0;
        const tours = await loadAnalyticsTours(tx, due);
        const computed: ComputedAnalytics[] = [];
        for (const tour of tours) {
            try {
                computed.push({ tour, analytics: summariseTourAnalytics(tour.input) });
            } catch (error) {
                options.log?.error({ err: error, tourId: tour.id }, 'tour analytics failed');
            }
            await new Promise((resolve) => setImmediate(resolve));
        }
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
                const done = await summariseDueTours(fastify.db, { claim, log: fastify.log });
                if (done < claim) break;
                // PGlite serves every request on one connection: rest as long as the set took.
                const rest = pglite ? Math.min(performance.now() - started, 1_000) : 0;
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
