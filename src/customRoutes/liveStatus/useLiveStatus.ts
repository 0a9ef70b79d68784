import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { liveConnection, type LiveConnectionStatus } from '../../live/liveConnection';
import { LiveState, type LiveView } from './liveState';
import { prefetchedLiveSnapshot } from './liveSnapshotPrefetch';

export interface LiveStatus {
    /** Undefined until the first frame arrived. */
    view: LiveView | undefined;
    status: LiveConnectionStatus;
    /** The state itself (the map reads positions from it without React). */
    state: LiveState;
}

/** Follows the depot at `path` through the tab's live connection. */
export function useLiveStatus(path: string | undefined): LiveStatus {
    // A new state per depot: nothing of one depot is ever shown for another. On the page a tab
    // opened with, the snapshot fetched at boot shows until the stream's first frame.
    const state = useMemo(() => {
        const created = new LiveState(path);
        const prefetched = path ? prefetchedLiveSnapshot(path) : undefined;
        // Already there: shown in this render, not in the next one.
        if (prefetched?.arrived) created.seed(prefetched.arrived);
        else void prefetched?.snapshot.then((snapshot) => snapshot && created.seed(snapshot));
        return created;
    }, [path]);
    useEffect(
        () => (path ? liveConnection.follow({ kind: 'depot', path, sink: state }) : undefined),
        [path, state],
    );
    const view = useSyncExternalStore(state.subscribe, state.snapshot);
    const status = useSyncExternalStore(liveConnection.subscribeStatus, liveConnection.status);
    return { view, status, state };
}
