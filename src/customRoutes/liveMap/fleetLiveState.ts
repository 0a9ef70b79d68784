import type {
    FleetDeltaFrame,
    FleetDepot,
    FleetFullFrame,
} from '../../../domain/contracts/live-status';
import type { LiveSink } from '../../live/liveConnection';
import { FleetStore } from '../../maps/fleet/fleetStore';

/**
 * The organisation map's state: the vehicles go straight into the map's store (no React render
 * per position); the depots with their counts are read by React through `useSyncExternalStore`.
 */
export class FleetLiveState implements LiveSink<FleetFullFrame, FleetDeltaFrame> {
    readonly store = new FleetStore();
    private readonly depotOfTour = new Map<string, string>();
    stream: string | null = null;
    seq = 0;
    private view: { depots: FleetDepot[]; generatedAt: string } | undefined;
    private readonly listeners = new Set<() => void>();

    /** One state per organisation: nothing of one shows for another. */
    constructor(readonly tenantId: string) {}

    applyFull(frame: FleetFullFrame): void {
        this.store.replace(frame.fleet.vehicles);
        this.depotOfTour.clear();
        for (const vehicle of frame.fleet.vehicles)
            this.depotOfTour.set(vehicle.id, vehicle.depotId);
        this.stream = frame.stream;
        this.seq = frame.seq;
        this.setView({ depots: frame.fleet.depots, generatedAt: frame.fleet.generatedAt });
    }

    applyDelta(frame: FleetDeltaFrame): boolean {
        if (!this.view || frame.stream !== this.stream || frame.seq <= this.seq) return false;
        this.store.remove(frame.removed);
        this.store.upsert(frame.vehicles);
        for (const id of frame.removed) this.depotOfTour.delete(id);
        for (const vehicle of frame.vehicles) this.depotOfTour.set(vehicle.id, vehicle.depotId);
        this.seq = frame.seq;
        this.setView({ depots: frame.depots ?? this.view.depots, generatedAt: frame.generatedAt });
        return true;
    }

    /** The depot of a tour on the map. */
    depotOf(tourId: string): string | undefined {
        return this.depotOfTour.get(tourId);
    }

    snapshot = () => this.view;

    subscribe = (listener: () => void): (() => void) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    };

    private setView(view: { depots: FleetDepot[]; generatedAt: string }): void {
        this.view = view;
        for (const listener of this.listeners) listener();
    }
}
