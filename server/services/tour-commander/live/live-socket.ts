import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';
import type { WebSocket } from 'ws';
import { authorizationFailure } from '../../../../domain/authorizationErrors.js';
import { authorizationErrors } from '../../../../domain/errors.js';
import {
    LiveClientMessage,
    liveCloseCodes,
    type LiveResume,
    type LiveServerMessage,
} from '../../../../domain/contracts/live-status.js';
import type { Caller } from '../../../access/caller-repository.js';
import { AppError } from '../../../errors.js';
import type { Viewer } from './depot-feed.js';
import {
    depotOfPath,
    fleetViewerFor,
    LIVE_MAP_ACTION,
    LIVE_STATUS_ACTION,
    viewerFor,
} from './live-access.js';
import type { LiveFeed, LiveHub, Subscriber } from './live-hub.js';

/** What a connection follows: one depot, or one organisation's map. */
type Target = { kind: 'depot'; path: string } | { kind: 'fleet'; tenantId: string };

const checkMessage = Compile(LiveClientMessage);

/** A client that does not authenticate within this time is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** A connection whose unsent frames exceed this is closed as too slow (it resumes on reconnect). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** The caller's permissions are checked again this often (a role may have been taken away). */
const RECHECK_MS = 60_000;

/**
 * The live stream (issue 15 part 3): `GET /tour-commander/v1/live/socket`, upgraded to a
 * WebSocket. The access token comes in the first message (`auth`), never in the URL; then the
 * client subscribes to one depot (`subscribe`) or one organisation's map (`subscribeFleet`) at a
 * time and receives a full frame and, once per tick, what changed. A malformed or unauthenticated message closes that connection with a reason (close
 * codes `liveCloseCodes`); a refused subscription answers an `error` message and keeps it open.
 */
export async function liveSocketRoutes(
    fastify: FastifyInstance,
    { hub }: { hub: LiveHub },
): Promise<void> {
    fastify.get(
        '/live/socket',
        { websocket: true, schema: { hide: true } },
        (socket: WebSocket) => {
            new LiveConnection(fastify, hub, socket).start();
        },
    );
}

class LiveConnection {
    private caller: Caller | undefined;
    private accessToken = '';
    private expiry: NodeJS.Timeout | undefined;
    private recheck: NodeJS.Timeout | undefined;
    private subscription: { target: Target; feedKey: string; subscriber: Subscriber } | undefined;
    private queue: Promise<void> = Promise.resolve();

    constructor(
        private readonly fastify: FastifyInstance,
        private readonly hub: LiveHub,
        private readonly socket: WebSocket,
    ) {}

    start(): void {
        this.expiry = setTimeout(
            () => this.close(liveCloseCodes.unauthenticated, 'no auth message in time'),
            AUTH_TIMEOUT_MS,
        );
        this.socket.on('message', (data, isBinary) => {
            // One message at a time, in order (an auth must finish before the subscribe after it).
            this.queue = this.queue.then(() => this.receive(data, isBinary));
        });
        this.socket.on('close', () => this.dispose());
        this.socket.on('error', () => this.dispose());
    }

    private send(message: LiveServerMessage): void {
        if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
    }

    private close(code: number, reason: string): void {
        this.dispose();
        if (
            this.socket.readyState === this.socket.OPEN ||
            this.socket.readyState === this.socket.CONNECTING
        )
            this.socket.close(code, reason.slice(0, 120));
    }

    private dispose(): void {
        clearTimeout(this.expiry);
        clearInterval(this.recheck);
        this.unsubscribe();
    }

    private unsubscribe(): void {
        if (!this.subscription) return;
        this.hub.unsubscribe(this.subscription.feedKey, this.subscription.subscriber);
        this.subscription = undefined;
    }

    private async receive(data: unknown, isBinary: boolean): Promise<void> {
        if (this.socket.readyState !== this.socket.OPEN) return;
        let message: unknown;
        try {
            if (isBinary) throw new Error('binary');
            message = JSON.parse(String(data));
        } catch {
            this.close(liveCloseCodes.malformed, 'messages must be JSON text');
            return;
        }
        if (!checkMessage.Check(message)) {
            this.close(liveCloseCodes.malformed, 'unknown or malformed message');
            return;
        }
        if (message.type === 'auth') {
            await this.authenticate(message.token);
            return;
        }
        if (!this.caller) {
            this.close(liveCloseCodes.unauthenticated, 'the first message must be auth');
            return;
        }
        if (message.type === 'ping') this.send({ type: 'pong' });
        else if (message.type === 'unsubscribe') this.unsubscribe();
        else if (message.type === 'subscribe')
            await this.subscribe({ kind: 'depot', path: message.path }, message.resume);
        else await this.subscribe({ kind: 'fleet', tenantId: message.tenantId }, message.resume);
    }

    private async authenticate(token: string): Promise<void> {
        try {
            const verified = await this.fastify.verifyCaller(token);
            this.caller = verified.caller;
            this.accessToken = token;
            clearTimeout(this.expiry);
            const left = verified.token.expiresAt * 1000 - Date.now();
            this.expiry = setTimeout(
                () => this.close(liveCloseCodes.unauthenticated, 'the access token expired'),
                Math.max(0, left),
            );
            this.recheck ??= setInterval(() => void this.recheckCaller(), RECHECK_MS);
            this.send({
                type: 'ready',
                expiresAt: new Date(verified.token.expiresAt * 1000).toISOString(),
            });
            // A renewed token may carry other permissions: follow the same depot again.
            if (this.subscription) await this.subscribe(this.subscription.target);
        } catch (error) {
            const reason = error instanceof AppError ? error.code : 'UNAUTHORIZED';
            this.close(liveCloseCodes.unauthenticated, reason);
        }
    }

    /** Permissions may change while a page stays open: checked again with the same token. */
    private async recheckCaller(): Promise<void> {
        this.queue = this.queue.then(() => this.authenticate(this.accessToken));
        await this.queue;
    }

    private async subscribe(target: Target, resume?: LiveResume): Promise<void> {
        const caller = this.caller;
        if (!caller) return;
        const previous = this.subscription;
        this.unsubscribe();
        const needed =
            target.kind === 'depot'
                ? {
                      code: LIVE_STATUS_ACTION,
                      target: { context: 'depot', path: target.path } as const,
                  }
                : {
                      code: LIVE_MAP_ACTION,
                      target: { context: 'tenant', path: target.tenantId } as const,
                  };
        const failure = authorizationFailure(caller.actions, needed.code, needed.target, 'some');
        if (failure) {
            this.send({
                type: 'error',
                code: failure,
                message: authorizationErrors[failure].message,
            });
            return;
        }
        let feed: LiveFeed;
        let viewer: Viewer;
        if (target.kind === 'depot') {
            try {
                feed = this.hub.depotFeed(await depotOfPath(this.fastify.db, target.path));
            } catch (error) {
                const code = error instanceof AppError ? error.code : 'SERVER_ERROR';
                this.send({
                    type: 'error',
                    code,
                    message: `The depot ${target.path} cannot be followed.`,
                });
                return;
            }
            viewer = viewerFor(caller.actions, target.path);
        } else {
            feed = this.hub.fleetFeed(target.tenantId);
            viewer = fleetViewerFor(caller.actions, target.tenantId);
        }
        const same = previous?.feedKey === feed.key;
        const socket = this.socket;
        const subscriber: Subscriber = {
            viewer,
            stream: same ? previous.subscriber.stream : null,
            sentSeq: same ? previous.subscriber.sentSeq : 0,
            send: (message) => {
                if (socket.readyState !== socket.OPEN) return false;
                if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
                    this.close(liveCloseCodes.tooSlow, 'frames were not read in time');
                    return false;
                }
                socket.send(message);
                return true;
            },
        };
        this.subscription = { target, feedKey: feed.key, subscriber };
        await this.hub.subscribe(feed, subscriber, resume);
    }
}
