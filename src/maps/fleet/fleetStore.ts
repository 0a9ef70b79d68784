import { liveMapStates, type LiveMapState } from '../../../domain/liveStatus';

/** The states a vehicle has on the live maps (domain §4 live map colours; the rule is in domain/liveStatus.ts). */
export const fleetStates = liveMapStates;
export type FleetState = LiveMapState;

export interface FleetVehicle {
    id: string;
    latitude: number;
    longitude: number;
    /** Degrees clockwise from north; null when unknown. */
    heading: number | null;
    state: FleetState;
    label: string;
}

/**
 * The vehicles a fleet map shows, kept outside React: a stream of frames and deltas writes
 * here, and the map's canvas layer redraws from it (ARCHITECTURE.md, Maps: no React re-render
 * per position). Listeners are called once per write batch, never per vehicle.
 */
export class FleetStore {
    private readonly vehicles = new Map<string, FleetVehicle>();
    private readonly listeners = new Set<() => void>();

    /** A full frame: afterwards the store holds exactly `all`. */
    replace(all: readonly FleetVehicle[]): void {
        this.vehicles.clear();
        for (const vehicle of all) this.vehicles.set(vehicle.id, vehicle);
        this.notify();
    }

    /** A delta: adds or replaces the vehicles given, keeps the others. */
    upsert(changed: readonly FleetVehicle[]): void {
        if (changed.length === 0) return;
        for (const vehicle of changed) this.vehicles.set(vehicle.id, vehicle);
        this.notify();
    }

    /** Drops the vehicles with these ids (unknown ids are ignored). */
    remove(ids: readonly string[]): void {
        let removed = false;
        for (const id of ids) removed = this.vehicles.delete(id) || removed;
        if (removed) this.notify();
    }

    get(id: string): FleetVehicle | undefined {
        return this.vehicles.get(id);
    }

    values(): IterableIterator<FleetVehicle> {
        return this.vehicles.values();
    }

    get size(): number {
        return this.vehicles.size;
    }

    /** Calls `listener` after every change; answers the function that stops it. */
    subscribe(listener: () => void): () => void {
        // A wrapper, so the same function subscribed twice is called twice and unsubscribed once each.
        const entry = () => listener();
        this.listeners.add(entry);
        return () => {
            this.listeners.delete(entry);
        };
    }

    private notify(): void {
        for (const listener of [...this.listeners]) listener();
    }
}
