import { fleetStates, type FleetState, type FleetVehicle } from '../../src/maps/fleet/fleetStore';

/** A small seeded generator (mulberry32): the same fleet on every run. */
function random(seed: number) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/**
 * Where the vehicles are. `organisation`: 24 depots over the Rhine-Ruhr, the Netherlands and
 * Belgium (400 × 250 km), each with its vehicles within about 8 × 13 km. `dense`: every vehicle
 * within 4 km of one depot in Cologne, so a street-level view holds thousands.
 */
const spreads = {
    organisation: {
        area: { south: 50.4, north: 52.6, west: 3.8, east: 8.6 },
        depots: 24,
        degrees: 0.12,
    },
    dense: {
        area: { south: 50.94, north: 50.94, west: 6.96, east: 6.96 },
        depots: 1,
        degrees: 0.04,
    },
};
export type Spread = keyof typeof spreads;
/** About 43 km/h: metres per second and tick. */
const STEP_M = 12;

export interface BenchFleet {
    depots: { latitude: number; longitude: number; title: string }[];
    vehicles: FleetVehicle[];
    /** Moves every vehicle one second along: a new object per vehicle, like a delta frame. */
    tick(): FleetVehicle[];
}

/** `count` vehicles around the depots, each driving on with small turns and rare state changes. */
export function benchFleet(count: number, spread: Spread = 'organisation', seed = 15): BenchFleet {
    const next = random(seed);
    const { area, depots: DEPOTS, degrees: SPREAD_DEGREES } = spreads[spread];
    const depots = Array.from({ length: DEPOTS }, (_, index) => ({
        latitude: area.south + next() * (area.north - area.south),
        longitude: area.west + next() * (area.east - area.west),
        title: `Depot ${index + 1}`,
    }));
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    let vehicles: FleetVehicle[] = Array.from({ length: count }, (_, index) => {
        const depot = depots[index % DEPOTS] as (typeof depots)[number];
        return {
            id: `v${index}`,
            latitude: depot.latitude + (next() - 0.5) * SPREAD_DEGREES,
            longitude: depot.longitude + (next() - 0.5) * SPREAD_DEGREES * 1.6,
            heading: next() < 0.9 ? Math.round(next() * 360) : null,
            state: pick<FleetState>(fleetStates),
            label: `Tour ${String(1000 + index)}`,
        };
    });
    const tick = () => {
        vehicles = vehicles.map((vehicle) => {
            const heading = ((vehicle.heading ?? 0) + (next() - 0.5) * 40 + 360) % 360;
            const radians = (heading * Math.PI) / 180;
            const north = (Math.cos(radians) * STEP_M) / 111_320;
            const east =
                (Math.sin(radians) * STEP_M) /
                (111_320 * Math.cos((vehicle.latitude * Math.PI) / 180));
            return {
                ...vehicle,
                latitude: vehicle.latitude + north,
                longitude: vehicle.longitude + east,
                heading: vehicle.heading === null ? null : Math.round(heading),
                state: next() < 0.01 ? pick<FleetState>(fleetStates) : vehicle.state,
            };
        });
        return vehicles;
    };
    return { depots, vehicles, tick };
}
