import { describe, expect, it } from 'vitest';
import {
    clusterByGrid,
    clusterRadius,
    HitGrid,
    worldPixel,
    type HitTarget,
} from '../../src/maps/fleet/clustering';
import { ringSteps } from '../../src/maps/fleet/clusterDrawing';

describe('worldPixel (Web Mercator, 256 px for the world at zoom 0)', () => {
    it('puts fixed points where EPSG:3857 has them', () => {
        expect(worldPixel(0, 0)).toEqual({ x: 128, y: 128 });
        expect(worldPixel(0, 180).x).toBeCloseTo(256, 9);
        const corner = worldPixel(85.0511287798, -180);
        expect(corner.x).toBeCloseTo(0, 9);
        expect(corner.y).toBeCloseTo(0, 6);
        // y = 256 · (0.5 − ln(tan(67.5°)) / 2π) = 256 · (0.5 − 0.881374 / 6.283185) = 92.0896
        const point = worldPixel(45, 90);
        expect(point.x).toBeCloseTo(192, 9);
        expect(point.y).toBeCloseTo(92.0896, 3);
        // Clamped beyond the projection's limit.
        expect(worldPixel(89, 0).y).toBeCloseTo(0, 6);
    });
});

describe('clusterByGrid', () => {
    it('groups points within the radius of a first one, across cell edges, at their mean', () => {
        // radius 40: A(100,100) takes B (22.4 px away) and C (39 px); D is 41 px from A, alone;
        // E is far from all; F takes G and H; P and Q lie 2 px apart on either side of a cell edge (80).
        const points: [string, number, number, number][] = [
            ['A', 100, 100, 0],
            ['B', 110, 120, 3],
            ['C', 139, 100, 3],
            ['D', 141, 100, 1],
            ['E', 300, 300, 2],
            ['F', 500, 500, 4],
            ['G', 505, 505, 4],
            ['H', 530, 500, 2],
            ['P', 79, 200, 0],
            ['Q', 81, 200, 1],
        ];
        const { singles, clusters } = clusterByGrid(
            points.map((point) => point[1]),
            points.map((point) => point[2]),
            points.map((point) => point[3]),
            points.length,
            40,
            5,
        );
        const names = (indices: number[]) => indices.map((index) => points[index]?.[0]).sort();
        expect(names(singles)).toEqual(['D', 'E']);
        const byMembers = new Map(
            clusters.map((cluster) => [names(cluster.members).join(''), cluster]),
        );
        expect([...byMembers.keys()].sort()).toEqual(['ABC', 'FGH', 'PQ']);
        const abc = byMembers.get('ABC');
        expect(abc?.x).toBeCloseTo(349 / 3, 9);
        expect(abc?.y).toBeCloseTo(320 / 3, 9);
        expect(abc?.counts).toEqual([1, 0, 0, 2, 0]);
        expect(byMembers.get('FGH')?.counts).toEqual([0, 0, 1, 0, 2]);
        expect(byMembers.get('PQ')).toMatchObject({ x: 80, y: 200, counts: [1, 1, 0, 0, 0] });
    });

    it('merges groups and vehicles that would overlap the disc of a larger cluster', () => {
        // radius 32: the first point takes the five at 130 (30 px away), mean 125, drawn with
        // radius 15; 135 is 35 px from the first point and starts its own group with 150 (mean
        // 142.5, radius 14): 17.5 px apart, they would overlap and become one cluster of 8.
        // 290 takes 320 (mean 305, radius 14); 323 is 33 px from 290, alone, but its symbol
        // (radius 8) lies 18 px from that cluster's centre, under its disc: it joins it.
        const points: [number, number, number][] = [
            [100, 100, 0],
            ...Array.from({ length: 5 }, (): [number, number, number] => [130, 100, 1]),
            [135, 100, 2],
            [150, 100, 2],
            [290, 300, 3],
            [320, 300, 3],
            [323, 300, 4],
        ];
        const { singles, clusters } = clusterByGrid(
            points.map((point) => point[0]),
            points.map((point) => point[1]),
            points.map((point) => point[2]),
            points.length,
            32,
            5,
            8,
        );
        expect(singles).toEqual([]);
        expect(clusters).toHaveLength(2);
        const [first, second] = [...clusters].sort((a, b) => a.x - b.x);
        expect(first?.members.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
        expect(first?.x).toBeCloseTo(1035 / 8, 9);
        expect(first?.counts).toEqual([1, 5, 2, 0, 0]);
        expect(second?.members.sort((a, b) => a - b)).toEqual([8, 9, 10]);
        expect(second?.x).toBeCloseTo(311, 9);
        expect(second?.counts).toEqual([0, 0, 0, 2, 1]);
    });

    it('counts only the first `count` points', () => {
        const { singles, clusters } = clusterByGrid([10, 200, 12], [5, 5, 5], [0, 0, 0], 2, 40, 5);
        expect(singles.sort()).toEqual([0, 1]);
        expect(clusters).toEqual([]);
    });

    it('draws larger clusters a little larger', () => {
        expect(clusterRadius(2)).toBeLessThan(clusterRadius(50));
        expect(clusterRadius(50)).toBeLessThan(clusterRadius(5000));
        expect(clusterRadius(5000)).toBeLessThanOrEqual(25);
    });
});

describe('HitGrid', () => {
    const target = (name: string, x: number, y: number, radius = 7) => ({ name, x, y, radius });

    it('finds the target under a point, the nearest edge when two overlap', () => {
        const grid = new HitGrid<HitTarget & { name: string }>(32);
        grid.add(target('a', 100, 100));
        grid.add(target('b', 112, 100));
        expect(grid.at(104, 100)?.name).toBe('a');
        expect(grid.at(111, 100)?.name).toBe('b');
        expect(grid.at(100, 93)?.name).toBe('a');
        expect(grid.at(300, 300)).toBeUndefined();
    });

    it('reaches a target across cell edges and widens targets by the tolerance', () => {
        const grid = new HitGrid<HitTarget & { name: string }>(32);
        grid.add(target('edge', 31, 31));
        // 5.66 px from the centre, inside the radius but in the neighbouring cell.
        expect(grid.at(35, 35)?.name).toBe('edge');
        // 7.07 px away: just outside; a tolerance of 1 px takes it.
        expect(grid.at(36, 36)).toBeUndefined();
        expect(grid.at(36, 36, 1)?.name).toBe('edge');
        // 20 px below: 13 px from the edge.
        expect(grid.at(31, 51, 12)).toBeUndefined();
        expect(grid.at(31, 51, 13)?.name).toBe('edge');
    });
});

describe('ringSteps (a cluster ring of 48 steps split by state)', () => {
    it('shares the steps by largest remainder, with one step at least for every state present', () => {
        expect(ringSteps([10, 10, 10, 0, 0], 30)).toEqual([16, 16, 16, 0, 0]);
        expect(ringSteps([1, 1, 1, 1, 1], 5)).toEqual([10, 10, 10, 9, 9]);
        expect(ringSteps([0, 0, 5, 0, 0], 5)).toEqual([0, 0, 48, 0, 0]);
        // 1 of 200 is 0.24 steps: it still shows.
        expect(ringSteps([1, 199, 0, 0, 0], 200)).toEqual([1, 47, 0, 0, 0]);
        // Four single vehicles in 1000 take a step each, from the largest share.
        expect(ringSteps([1, 1, 1, 1, 996], 1000)).toEqual([1, 1, 1, 1, 44]);
    });
});
