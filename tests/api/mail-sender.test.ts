import { createServer, type AddressInfo, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.js';
import { mailOutbox } from '../../server/db/schema/index.js';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from '../../server/mail/backoff.js';
import {
    createMailSender,
    enqueueMail,
    renderMail,
    type MailSender,
} from '../../server/mail/index.js';
import { openTestDatabase } from './helpers/test-app.js';

/** Just enough SMTP (RFC 5321) for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, RSET, QUIT; MAIL can be made to fail. */
function startSmtpServer() {
    const state = { failing: false, messages: [] as string[] };
    const server: Server = createServer((socket) => {
        let buffer = '';
        let message: string[] | undefined;
        socket.setEncoding('utf8');
        socket.write('220 localhost ESMTP test\r\n');
        socket.on('data', (chunk: string) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
                const line = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                if (message) {
                    if (line === '.') {
                        state.messages.push(message.join('\n'));
                        message = undefined;
                        socket.write('250 2.0.0 queued\r\n');
                    } else message.push(line);
                    continue;
                }
                const verb = line.slice(0, 4).toUpperCase();
                if (verb === 'EHLO' || verb === 'HELO')
                    socket.write('250-localhost\r\n250 8BITMIME\r\n');
                else if (verb === 'MAIL')
                    socket.write(
                        state.failing ? '451 4.3.0 Try again later\r\n' : '250 2.1.0 OK\r\n',
                    );
                else if (verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
                    socket.write('250 2.1.5 OK\r\n');
                else if (verb === 'DATA') {
                    message = [];
                    socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
                } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
                else socket.write('502 5.5.1 Not implemented\r\n');
            }
        });
        socket.on('error', () => undefined);
    });
    return { server, state };
}

let database: DatabaseHandle;
let smtp: ReturnType<typeof startSmtpServer>;
let smtpUrl: string;
const senders: MailSender[] = [];
const logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

beforeAll(async () => {
    database = await openTestDatabase();
    smtp = startSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    await new Promise((resolve) => smtp.server.close(resolve));
    await database.close();
});
beforeEach(async () => {
    await database.db.delete(mailOutbox);
    smtp.state.failing = false;
    smtp.state.messages.length = 0;
    logLines.length = 0;
});

function sender(
    options: { smtpUrl?: string; pollIntervalMs?: number } = { smtpUrl: '' },
): MailSender {
    const created = createMailSender({
        db: database.db,
        smtpUrl: options.smtpUrl || undefined,
        from: 'Back office <no-reply@example.com>',
        log,
        pollIntervalMs: options.pollIntervalMs,
    });
    senders.push(created);
    return created;
}

const queue = (to: string, code = '424242') =>
    enqueueMail(database.db, {
        to,
        ...renderMail('password-reset-code', { code, validityMinutes: 10 }),
    });
const rows = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);

describe('mail sender', () => {
    it('sends due rows over SMTP and marks them sent', async () => {
        await queue('a@example.com');
        await queue('b@example.com');
        const result = await sender({ smtpUrl }).drainOnce();
        expect(result).toEqual({ sent: 2, failed: 0, logged: 0 });
        expect(smtp.state.messages).toHaveLength(2);
        expect(smtp.state.messages.join('\n')).toContain(
            'Subject: Your Parcel back office password reset code',
        );
        expect(smtp.state.messages[0]).toMatch(/^From: Back office <no-reply@example\.com>$/m);
        for (const row of await rows())
            expect(row).toMatchObject({
                attempts: 1,
                nextAttemptAt: null,
                lastError: null,
                sentAt: expect.any(Date),
            });
        expect((await sender({ smtpUrl }).drainOnce()).sent).toBe(0);
    });

    it('keeps rows a failing server refused, with exponential backoff, and sends them later: nothing is lost', async () => {
        await queue('c@example.com');
        smtp.state.failing = true;
        const mailer = sender({ smtpUrl });
        const start = new Date();
        expect(await mailer.drainOnce(start)).toEqual({ sent: 0, failed: 1, logged: 0 });
        let [row] = await rows();
        expect(row).toMatchObject({
            attempts: 1,
            sentAt: null,
            lastError: expect.stringContaining('451'),
        });
        expect(row!.nextAttemptAt!.getTime() - start.getTime()).toBe(60_000);
        expect((await mailer.drainOnce(new Date(start.getTime() + 30_000))).failed).toBe(0);

        const second = new Date(start.getTime() + 61_000);
        expect((await mailer.drainOnce(second)).failed).toBe(1);
        [row] = await rows();
        expect(row!.attempts).toBe(2);
        expect(row!.nextAttemptAt!.getTime() - second.getTime()).toBe(120_000);

        smtp.state.failing = false;
        expect((await mailer.drainOnce(new Date(second.getTime() + 121_000))).sent).toBe(1);
        [row] = await rows();
        expect(row).toMatchObject({
            attempts: 3,
            sentAt: expect.any(Date),
            nextAttemptAt: null,
            lastError: null,
        });
        expect(smtp.state.messages).toHaveLength(1);
    });

    it('backs off to at most a day between attempts and never gives a row up', () => {
        expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
        expect(retryDelayMs(30)).toBe(MAX_RETRY_DELAY_MS);
        expect(MAX_RETRY_DELAY_MS).toBe(24 * 60 * 60 * 1000);
    });

    it('treats an unreachable server like a failing one', async () => {
        await queue('d@example.com');
        expect((await sender({ smtpUrl: 'smtp://127.0.0.1:1' }).drainOnce()).failed).toBe(1);
        expect((await rows())[0]).toMatchObject({
            sentAt: null,
            attempts: 1,
            lastError: expect.any(String),
        });
    });

    it('lets two senders drain one outbox without sending a row twice', async () => {
        for (let index = 0; index < 6; index++) await queue(`many-${index}@example.com`);
        const [one, two] = await Promise.all([
            sender({ smtpUrl }).drainOnce(),
            sender({ smtpUrl }).drainOnce(),
        ]);
        expect(one.sent + two.sent).toBe(6);
        expect(smtp.state.messages).toHaveLength(6);
    });

    it('without SMTP_URL logs recipient and subject only, and keeps the row readable', async () => {
        await queue('e@example.com', '135790');
        expect(await sender().drainOnce()).toEqual({ sent: 0, failed: 0, logged: 1 });
        const [row] = await rows();
        expect(row).toMatchObject({
            sentAt: null,
            nextAttemptAt: null,
            lastError: 'not sent: SMTP_URL is not set (logged only)',
        });
        expect(row!.text).toContain('135790');
        const logged = logLines.join('');
        expect(logged).toContain('e@example.com');
        expect(logged).toContain('password reset code');
        expect(logged).not.toContain('135790');
    });

    it('polls once started and stops cleanly', async () => {
        const mailer = sender({ smtpUrl, pollIntervalMs: 20 });
        mailer.start();
        const id = await queue('f@example.com');
        for (let tries = 0; tries < 200; tries++) {
            const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
            if (row?.sentAt) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await mailer.stop();
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row!.sentAt).not.toBeNull();
    });
});
