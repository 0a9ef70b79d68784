import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { liveConnection, type LiveConnectionStatus } from '../../live/liveConnection';
import { LiveState, type LiveView } from './liveState';

export interface LiveStatus {
    /** Undefined until the first frame arrived. */
    view: LiveView | undefined;
    status: LiveConnectionStatus;
    /** The state itself (the map reads positions from it without React). */
    state: LiveState;
}

/** Follows the depot at `path` through the tab's live connection. */
export function useLiveStatus(path: string | undefined): LiveStatus {
    // A new state per depot: nothing of one depot is ever shown for another.
    const state = useMemo(() => new LiveState(path), [path]);
    useEffect(
        () => (path ? liveConnection.follow({ kind: 'depot', path, sink: state }) : undefined),
        [path, state],
    );
    const view = useSyncExternalStore(state.subscribe, state.snapshot);
    const status = useSyncExternalStore(liveConnection.subscribeStatus, liveConnection.status);
    return { view, status, state };
}
