import type {
    FleetDeltaFrame,
    FleetFullFrame,
    LiveClientMessage,
    LiveDeltaFrame,
    LiveFullFrame,
    LiveServerMessage,
} from '../../domain/contracts/live-status';
import { liveCloseCodes } from '../../domain/contracts/live-status';
import { currentAccessToken } from '../accessToken';
import { getBrowserConfig } from '../config';

/**
 * The tab's one live connection (issue 15 part 3): a WebSocket to the tour commander's live
 * stream, authenticated by the access token in its first message, following one depot (or one
 * organisation's map) at a time. It reconnects by itself (with growing pauses) and resumes from the last number applied;
 * it renews the token before it expires. Pages read its status to say when the data is not live.
 */

export interface LiveConnectionStatus {
    /** True while frames arrive; false from the first failure until the stream is back. */
    connected: boolean;
    /** The refusal of the last subscription (an authorization code), if any. */
    refused: string | null;
    /** When the stream was lost (browser time); null while connected or before the first frame. */
    lostAt: number | null;
}

const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** The token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
/** A ping this often; a connection that answers nothing for PING_TIMEOUT_MS is dropped. */
const PING_EVERY_MS = 25_000;
const PING_TIMEOUT_MS = 10_000;

/** The stream's URL: the tour commander's base with ws(s) instead of http(s). */
export function liveSocketUrl(base: string, location: { href: string }): string {
    const url = new URL(`${base.replace(/\/$/, '')}/live/socket`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
}

/** Where the frames of a subscription go: it keeps the stream and number to resume from. */
export interface LiveSink<Full, Delta> {
    stream: string | null;
    seq: number;
    applyFull(frame: Full): void;
    /** False when the delta does not follow what is held (the connection then asks for a full frame). */
    applyDelta(frame: Delta): boolean;
}

/** What the tab follows: a depot's live status, or an organisation's map. */
type LiveTarget =
    | { kind: 'depot'; path: string; sink: LiveSink<LiveFullFrame, LiveDeltaFrame> }
    | { kind: 'fleet'; tenantId: string; sink: LiveSink<FleetFullFrame, FleetDeltaFrame> };

class LiveConnection {
    private socket: WebSocket | undefined;
    private target: LiveTarget | undefined;
    private attempt = 0;
    private retry: ReturnType<typeof setTimeout> | undefined;
    private renew: ReturnType<typeof setTimeout> | undefined;
    private ping: ReturnType<typeof setInterval> | undefined;
    private lastHeardAt = 0;
    private current: LiveConnectionStatus = { connected: false, refused: null, lostAt: null };
    private readonly listeners = new Set<() => void>();

    status = (): LiveConnectionStatus => this.current;

    subscribeStatus = (listener: () => void): (() => void) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    };

    /** Follows `target` (replacing what was followed before); answers the function that stops. */
    follow(target: LiveTarget): () => void {
        this.target = target;
        if (this.socket?.readyState === WebSocket.OPEN) this.subscribe();
        else this.open();
        return () => {
            if (this.target !== target) return;
            this.target = undefined;
            this.send({ type: 'unsubscribe' });
            this.setStatus({ connected: false, refused: null, lostAt: null });
        };
    }

    private setStatus(status: LiveConnectionStatus): void {
        if (
            status.connected === this.current.connected &&
            status.refused === this.current.refused &&
            status.lostAt === this.current.lostAt
        )
            return;
        this.current = status;
        for (const listener of this.listeners) listener();
    }

    private send(message: LiveClientMessage): void {
        if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    }

    private subscribe(): void {
        const target = this.target;
        if (!target) return;
        const { stream, seq } = target.sink;
        const resume = stream ? { resume: { stream, seq } } : {};
        this.send(
            target.kind === 'depot'
                ? { type: 'subscribe', path: target.path, ...resume }
                : { type: 'subscribeFleet', tenantId: target.tenantId, ...resume },
        );
    }

    private open(): void {
        if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
        clearTimeout(this.retry);
        const socket = new WebSocket(
            liveSocketUrl(getBrowserConfig().services.tourCommander, window.location),
        );
        this.socket = socket;
        socket.onopen = () => {
            this.lastHeardAt = Date.now();
            clearInterval(this.ping);
            this.ping = setInterval(() => {
                if (Date.now() - this.lastHeardAt > PING_EVERY_MS + PING_TIMEOUT_MS) socket.close();
                else this.send({ type: 'ping' });
            }, PING_EVERY_MS);
            void this.authenticate(socket, false);
        };
        socket.onmessage = (event) => this.receive(socket, event.data);
        socket.onclose = (event) => this.closed(socket, event.code);
    }

    private async authenticate(socket: WebSocket, forceRefresh: boolean): Promise<void> {
        const token = await currentAccessToken(forceRefresh).catch(() => undefined);
        if (socket !== this.socket || socket.readyState !== WebSocket.OPEN) return;
        if (!token) {
            socket.close();
            return;
        }
        socket.send(JSON.stringify({ type: 'auth', token } satisfies LiveClientMessage));
    }

    private receive(socket: WebSocket, data: unknown): void {
        if (socket !== this.socket || typeof data !== 'string') return;
        const message = JSON.parse(data) as LiveServerMessage;
        const target = this.target;
        this.lastHeardAt = Date.now();
        switch (message.type) {
            case 'ready': {
                this.attempt = 0;
                clearTimeout(this.renew);
                const left = Date.parse(message.expiresAt) - Date.now() - RENEW_BEFORE_MS;
                this.renew = setTimeout(
                    () => void this.authenticate(socket, true),
                    Math.max(5_000, left),
                );
                if (!target) return;
                // A renewal re-subscribes on the server; a new connection subscribes here.
                if (!this.current.connected) this.subscribe();
                return;
            }
            case 'full':
                if (target?.kind === 'depot') target.sink.applyFull(message);
                return;
            case 'fleetFull':
                if (target?.kind === 'fleet') target.sink.applyFull(message);
                return;
            case 'subscribed':
                this.setStatus({ connected: true, refused: null, lostAt: null });
                return;
            case 'delta':
            case 'fleetDelta': {
                if (!target) return;
                const applied =
                    message.type === 'delta'
                        ? target.kind === 'depot' && target.sink.applyDelta(message)
                        : target.kind === 'fleet' && target.sink.applyDelta(message);
                // A delta that does not follow what is held: subscribe again for a full frame.
                if (!applied) {
                    target.sink.stream = null;
                    this.subscribe();
                }
                return;
            }
            case 'error':
                this.setStatus({ connected: false, refused: message.code, lostAt: null });
                return;
            case 'pong':
                return;
        }
    }

    private closed(socket: WebSocket, code: number): void {
        if (socket !== this.socket) return;
        this.socket = undefined;
        clearTimeout(this.renew);
        clearInterval(this.ping);
        const { connected, lostAt, refused } = this.current;
        this.setStatus({
            connected: false,
            refused,
            lostAt: connected ? Date.now() : lostAt,
        });
        if (!this.target) return;
        const pause = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)] ?? 15_000;
        this.attempt++;
        // An expired or refused token: the next attempt asks for a fresh one.
        const refresh = code === liveCloseCodes.unauthenticated;
        this.retry = setTimeout(
            () => {
                if (refresh) void currentAccessToken(true).catch(() => undefined);
                this.open();
            },
            pause * (0.75 + Math.random() / 2),
        );
    }
}

/** The one connection of this tab. */
export const liveConnection = new LiveConnection();
