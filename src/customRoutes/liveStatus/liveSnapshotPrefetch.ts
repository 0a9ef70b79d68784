import type { LiveSnapshot } from '../../../domain/contracts/live-status';
import { currentAccessToken } from '../../accessToken';
import { getBrowserConfig } from '../../config';
import { bearerHeaders, okJson } from '../../plainFetch';

/**
 * A prefetched snapshot is offered this long after its request: to the page the tab opened with
 * (React may create its state twice), not to a later visit of the page.
 */
const MAX_AGE_MS = 10_000;

interface Prefetched {
    path: string;
    startedAt: number;
    snapshot: Promise<LiveSnapshot | undefined>;
    /** The answer once it is there: the page's first render can show it at once. */
    arrived?: LiveSnapshot;
}

let prefetched: Prefetched | undefined;

/**
 * Asks for the depot's live snapshot (`GET /live-status`) when the live status is the page being
 * opened, as soon as the depot is known: the page shows it while its stream connects, so a cold
 * load does not wait for the socket's handshake, sign-in and first frame. A plain `fetch` with the
 * stored token (the screen definitions, which import this, stay free of the data providers); a
 * refusal or failure answers nothing, and the stream then says why.
 */
export function prefetchLiveSnapshot(path: string): Promise<unknown> {
    const url = `${getBrowserConfig().services.tourCommander}/live-status?path=${encodeURIComponent(path)}`;
    const entry: Prefetched = {
        path,
        startedAt: Date.now(),
        snapshot: fetchSnapshot(url).then(
            (snapshot) => (entry.arrived = snapshot),
            () => undefined,
        ),
    };
    prefetched = entry;
    return entry.snapshot;
}

async function fetchSnapshot(url: string): Promise<LiveSnapshot | undefined> {
    const token = await currentAccessToken();
    if (!token) return undefined;
    return okJson<LiveSnapshot>(await fetch(url, { headers: bearerHeaders(token) }));
}

/**
 * The snapshot prefetched for `path`, if it was asked for in the last seconds: `arrived` when its
 * answer is there, else the request.
 */
export function prefetchedLiveSnapshot(
    path: string,
): Pick<Prefetched, 'snapshot' | 'arrived'> | undefined {
    if (prefetched && Date.now() - prefetched.startedAt > MAX_AGE_MS) prefetched = undefined;
    return prefetched?.path === path ? prefetched : undefined;
}
