import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { retryDelayMs } from './backoff.js';

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailSenderOptions {
    db: Database;
    /** smtp(s)://user:password@host:port; without it mails are only logged (recipient and subject). */
    smtpUrl?: string;
    from: string;
    log: FastifyBaseLogger;
    pollIntervalMs?: number;
    batchSize?: number;
}

interface DrainResult {
    sent: number;
    failed: number;
    logged: number;
}

export interface MailSender {
    /** Starts polling the outbox. */
    start(): void;
    /** Stops polling, waits for the batch in flight and closes the SMTP pool. */
    stop(): Promise<void>;
    /** Sends (or logs) every due row once; what the poller runs. */
    drainOnce(now?: Date): Promise<DrainResult>;
}

/** A claimed row is left alone by other senders for this long; a crash mid-send only delays it. */
const LEASE_MS = 5 * 60_000;
/** The last error of a row kept only in the outbox because SMTP_URL is not set. */
export const NOT_CONFIGURED = 'not sent: SMTP_URL is not set (logged only)';

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED and leases them in one short transaction, so
 * several app servers can drain the same outbox without sending a row twice or holding locks
 * while talking SMTP.
 */
async function claimDueRows(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
        const rows = await tx
            .select()
            .from(mailOutbox)
            .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
            .orderBy(asc(mailOutbox.nextAttemptAt))
            .limit(limit)
            .for('update', { skipLocked: true });
        if (rows.length === 0) return [];
        await tx
            .update(mailOutbox)
            .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
            .where(
                inArray(
                    mailOutbox.id,
                    rows.map((row) => row.id),
                ),
            );
        return rows;
    });
}

/** The outbox drainer started by main.ts: SMTP through a nodemailer pool, or log-only without SMTP_URL. */
export function createMailSender(opts: MailSenderOptions): MailSender {
    const { db, log } = opts;
    const pollIntervalMs = opts.pollIntervalMs ?? 5000;
    const batchSize = opts.batchSize ?? 20;
    const transport: Transporter | undefined = opts.smtpUrl
        ? createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 2 })
        : undefined;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = true;

    async function deliver(row: OutboxRow, now: Date, result: DrainResult): Promise<void> {
        const attempts = row.attempts + 1;
        if (!transport) {
            log.info(
                { mailId: row.id, to: row.to, subject: row.subject, kind: row.kind },
                'mail not sent: SMTP_URL is not set',
            );
            await db
                .update(mailOutbox)
                .set({ attempts, nextAttemptAt: null, lastError: NOT_CONFIGURED })
                .where(eq(mailOutbox.id, row.id));
            result.logged++;
            return;
        }
        try {
            await transport.sendMail({
                from: opts.from,
                to: row.to,
                subject: row.subject,
                text: row.text,
                ...(row.html ? { html: row.html } : {}),
            });
            await db
                .update(mailOutbox)
                .set({ attempts, sentAt: new Date(), nextAttemptAt: null, lastError: null })
                .where(eq(mailOutbox.id, row.id));
            result.sent++;
        } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
            await db
                .update(mailOutbox)
                .set({ attempts, nextAttemptAt, lastError: message.slice(0, 500) })
                .where(eq(mailOutbox.id, row.id));
            log.warn(
                { mailId: row.id, to: row.to, subject: row.subject, attempts, nextAttemptAt },
                'mail could not be sent; will retry',
            );
            result.failed++;
        }
    }

    async function drainOnce(now = new Date()): Promise<DrainResult> {
        const result: DrainResult = { sent: 0, failed: 0, logged: 0 };
        for (;;) {
            const rows = await claimDueRows(db, now, batchSize);
            for (const row of rows) await deliver(row, now, result);
            if (rows.length < batchSize) return result;
        }
    }

    function schedule(): void {
        if (stopped) return;
        timer = setTimeout(() => {
            running = drainOnce()
                .catch((error: unknown) => log.error({ err: error }, 'mail outbox drain failed'))
                .finally(schedule);
        }, pollIntervalMs);
        timer.unref();
    }

    return {
        start() {
            if (!stopped) return;
            stopped = false;
            log.info(
                { smtp: Boolean(transport) },
                transport
                    ? 'mail sender started'
                    : 'mail sender started without SMTP_URL: mails are logged and kept in mail_outbox',
            );
            schedule();
        },
        async stop() {
            stopped = true;
            if (timer) clearTimeout(timer);
            await running;
            transport?.close();
        },
        drainOnce,
    };
}
