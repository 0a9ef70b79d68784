import { describe, expect, it } from 'vitest';
import { wallClockToUtc } from '../../server/demo/simulation/local-time.js';
import {
    buildNetwork,
    networkLines,
    snapToStreet,
    type GridPoint,
} from '../../server/demo/simulation/network.js';
import { routeBetween } from '../../server/demo/simulation/routing.js';
import { hamburg, haversineMetres, milano } from './simulation-fixtures.js';

describe('the street network', () => {
    it('is the same for the same seed and depot, and differs for another seed', () => {
        expect(buildNetwork(hamburg, 's1')).toEqual(buildNetwork(hamburg, 's1'));
        expect(buildNetwork(hamburg, 's1').vertical).not.toEqual(
            buildNetwork(hamburg, 's2').vertical,
        );
    });

    it('has blocks of 150-250 m over 12 km, arterials, one highway per direction and speeds by class', () => {
        const network = buildNetwork(hamburg, 'grid');
        for (const lines of [network.vertical, network.horizontal]) {
            const offsets = lines.map((line) => line.offset);
            for (let i = 1; i < offsets.length; i++) {
                const block = (offsets[i] as number) - (offsets[i - 1] as number);
                expect(block).toBeGreaterThanOrEqual(150);
                expect(block).toBeLessThanOrEqual(250);
            }
            expect(offsets[0]).toBeLessThanOrEqual(-5_900);
            expect(offsets[offsets.length - 1]).toBeGreaterThanOrEqual(5_750);
            expect(lines.filter((line) => line.roadClass === 'highway')).toHaveLength(1);
            const arterials = lines.filter((line) => line.roadClass === 'arterial').length;
            expect(arterials).toBeGreaterThanOrEqual(lines.length / 8);
            expect(arterials).toBeLessThanOrEqual(lines.length / 4);
        }
        const expectedSpeeds = {
            residential: [30, 30],
            urban: [50, 50],
            arterial: [60, 70],
            highway: [90, 100],
        };
        for (const line of [...network.vertical, ...network.horizontal]) {
            const [low, high] = expectedSpeeds[line.roadClass];
            expect(line.speedKmh).toBeGreaterThanOrEqual(low as number);
            expect(line.speedKmh).toBeLessThanOrEqual(high as number);
        }
        const names = [...network.vertical, ...network.horizontal]
            .filter((line) => line.roadClass !== 'highway')
            .map((line) => line.name);
        expect(new Set(names).size).toBe(names.length);
    });

    it('names streets in the depot country’s language', () => {
        const italian = buildNetwork(milano, 'names');
        for (const line of italian.vertical.filter((l) => l.roadClass !== 'highway'))
            expect(line.name).toMatch(/^(Via|Vicolo|Largo|Borgo|Viale|Corso) /);
        const german = buildNetwork(hamburg, 'names');
        for (const line of german.vertical.filter((l) => l.roadClass === 'residential'))
            expect(line.name).toMatch(/(straße|weg|pfad|hang)$/);
    });

    it('exports every street as a line in range around the depot, with its class', () => {
        const network = buildNetwork(hamburg, 'lines');
        const lines = networkLines(network);
        expect(lines).toHaveLength(network.vertical.length + network.horizontal.length);
        for (const line of lines) {
            expect(line.points).toHaveLength(2);
            for (const point of line.points)
                // A corner of the 12 × 12 km square is 8.5 km away.
                expect(
                    haversineMetres(
                        hamburg.latitude,
                        hamburg.longitude,
                        point.latitude,
                        point.longitude,
                    ),
                ).toBeLessThan(8_600);
        }
        expect(new Set(lines.map((line) => line.roadClass))).toEqual(
            new Set(['residential', 'urban', 'arterial', 'highway']),
        );
    });
});

describe('routes along the grid', () => {
    const network = buildNetwork(hamburg, 'routes');
    const points: GridPoint[] = [
        network.depotPoint,
        snapToStreet(network, 2_345, -1_234, 'v'),
        snapToStreet(network, 2_900, 3_100, 'h'),
        snapToStreet(network, -4_100, 4_500, 'v'),
        snapToStreet(network, -4_050, -5_000, 'h'),
        snapToStreet(network, 2_360, 1_500, 'v'),
    ];

    it('runs street by street, turning at crossings, from one point to the other', () => {
        for (const a of points)
            for (const b of points) {
                if (a === b) continue;
                const route = routeBetween(network, a, b);
                expect(route.legs[0]).toMatchObject({ fromX: a.x, fromY: a.y });
                expect(route.legs[route.legs.length - 1]).toMatchObject({ toX: b.x, toY: b.y });
                route.legs.forEach((leg, index) => {
                    // Each leg is straight along one street: north-south or east-west.
                    expect(leg.fromX === leg.toX || leg.fromY === leg.toY).toBe(true);
                    const next = route.legs[index + 1];
                    if (next) expect([next.fromX, next.fromY]).toEqual([leg.toX, leg.toY]);
                });
                const manhattan = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
                expect(route.lengthM).toBeGreaterThanOrEqual(manhattan - 1e-6);
                // Never a wild detour: at most the way to an arterial and back on both ends.
                expect(route.lengthM).toBeLessThanOrEqual(manhattan + 4 * 1_750);
                expect(route.nominalSeconds).toBeGreaterThan(route.lengthM / (100 / 3.6) - 1e-6);
            }
    });

    it('goes straight along a street when both points lie on it', () => {
        const a = snapToStreet(network, 100, -2_000, 'v');
        const b = snapToStreet(network, 100, 2_000, 'v');
        const route = routeBetween(network, a, b);
        expect(route.legs).toHaveLength(1);
        expect(route.lengthM).toBeCloseTo(4_000, 6);
    });
});

describe('wallClockToUtc', () => {
    it('converts a depot’s wall-clock time to the instant, summer and winter', () => {
        expect(
            new Date(wallClockToUtc('2026-05-12', 6 * 60 + 30, 'Europe/Berlin')).toISOString(),
        ).toBe('2026-05-12T04:30:00.000Z');
        expect(new Date(wallClockToUtc('2026-01-15', 8 * 60, 'Europe/Rome')).toISOString()).toBe(
            '2026-01-15T07:00:00.000Z',
        );
        expect(
            new Date(wallClockToUtc('2026-07-01', 7 * 60, 'America/New_York')).toISOString(),
        ).toBe('2026-07-01T11:00:00.000Z');
        expect(new Date(wallClockToUtc('2026-03-29', 9 * 60, 'Europe/Berlin')).toISOString()).toBe(
            '2026-03-29T07:00:00.000Z',
        );
    });
});
