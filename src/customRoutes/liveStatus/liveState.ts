import type {
    LiveDeltaFrame,
    LiveDepot,
    LiveFullFrame,
    LivePosition,
    LiveSettings,
    LiveSnapshot,
    LiveTour,
    WindowAtRisk,
} from '../../../domain/contracts/live-status';

/**
 * The live status as the page holds it: the last full frame with every delta after it applied.
 * Tours and positions are kept by id; `version` changes with every applied frame, so React
 * reads it through `useSyncExternalStore` and the map through its own subscription.
 */
export interface LiveView {
    depot: LiveDepot;
    date: string;
    settings: LiveSettings;
    tours: LiveTour[];
    windowsAtRisk: WindowAtRisk[];
    /** When the server read the data of the last frame. */
    generatedAt: string;
}

export class LiveState {
    private toursById = new Map<string, LiveTour>();
    readonly positions = new Map<string, LivePosition>();
    private base: Omit<LiveView, 'tours'> | undefined;
    private view: LiveView | undefined;
    /** The stream and number to resume from after a reconnect. */
    stream: string | null = null;
    seq = 0;
    /** Browser time of the last frame (the data's age while disconnected). */
    receivedAt: number | null = null;
    private readonly listeners = new Set<() => void>();

    /** `path`: the depot this state belongs to (one state per depot: nothing of one shows for another). */
    constructor(readonly path?: string) {}

    /** Replaces everything with a snapshot (the route's answer, or a full frame). */
    replace(snapshot: LiveSnapshot, stream: string | null = null, seq = 0): void {
        this.toursById = new Map(snapshot.tours.map((tour) => [tour.id, tour]));
        this.positions.clear();
        for (const position of snapshot.positions) this.positions.set(position.tourId, position);
        const { tours: _tours, positions: _positions, ...base } = snapshot;
        this.base = base;
        this.stream = stream;
        this.seq = seq;
        this.changed();
    }

    /** Shows a snapshot fetched before the stream's first frame; ignored once a frame is there. */
    seed(snapshot: LiveSnapshot): void {
        if (this.stream === null && !this.base) this.replace(snapshot);
    }

    applyFull(frame: LiveFullFrame): void {
        this.replace(frame.snapshot, frame.stream, frame.seq);
    }

    /**
     * Applies a delta of the stream followed. A delta of another stream, or one older than what is
     * held, is ignored (answers false): the server then sends a full frame.
     */
    applyDelta(frame: LiveDeltaFrame): boolean {
        if (!this.base || frame.stream !== this.stream || frame.seq <= this.seq) return false;
        for (const tour of frame.tours) this.toursById.set(tour.id, tour);
        for (const id of frame.removedTours) this.toursById.delete(id);
        for (const position of frame.positions) this.positions.set(position.tourId, position);
        for (const id of frame.removedPositions) this.positions.delete(id);
        this.base = {
            ...this.base,
            generatedAt: frame.generatedAt,
            ...(frame.windowsAtRisk ? { windowsAtRisk: frame.windowsAtRisk } : {}),
            ...(frame.settings ? { settings: frame.settings } : {}),
        };
        this.seq = frame.seq;
        this.changed();
        return true;
    }

    tour(id: string): LiveTour | undefined {
        return this.toursById.get(id);
    }

    /** The current view (the same object until the next frame). */
    snapshot = (): LiveView | undefined => this.view;

    subscribe = (listener: () => void): (() => void) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    };

    private changed(): void {
        this.receivedAt = Date.now();
        this.view = this.base && { ...this.base, tours: [...this.toursById.values()] };
        for (const listener of this.listeners) listener();
    }
}
