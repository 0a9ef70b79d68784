import { describe, expect, it } from 'vitest';
import {
    initialBackground,
    nextBackground,
    type BackgroundChoice,
} from '../../src/maps/background/backgroundChoice';
import {
    streetTileBox,
    streetTileKeys,
    streetTileUrl,
} from '../../src/maps/background/streetTiles';
import { clipSegment } from '../../server/map/streets';

const after = (choice: BackgroundChoice, events: ('tileerror' | 'tileload')[]) =>
    events.reduce(nextBackground, choice);

describe('the background choice', () => {
    it('is the offline background without a tile URL, the tiles with one', () => {
        expect(initialBackground(undefined).source).toBe('offline');
        expect(initialBackground('https://tiles.example/{z}/{x}/{y}.png').source).toBe('tiles');
    });

    it('turns offline after three failed tiles when none loaded', () => {
        const tiles = initialBackground('/tiles/{z}/{x}/{y}.png');
        expect(after(tiles, ['tileerror', 'tileerror']).source).toBe('tiles');
        expect(after(tiles, ['tileerror', 'tileerror', 'tileerror']).source).toBe('offline');
    });

    it('keeps tiles that load, even when some fail, and never turns back by itself', () => {
        const tiles = initialBackground('/tiles/{z}/{x}/{y}.png');
        const mixed = after(tiles, ['tileload', ...Array<'tileerror'>(6).fill('tileerror')]);
        expect(mixed.source).toBe('tiles');
        const offline = after(tiles, ['tileerror', 'tileerror', 'tileerror', 'tileload']);
        expect(offline.source).toBe('offline');
    });
});

describe('street tiles', () => {
    it('covers a view in Berlin with the zoom-11 tile 1100/671', () => {
        expect(streetTileKeys({ west: 13.37, south: 52.5, east: 13.44, north: 52.54 })).toEqual([
            '11/1100/671',
        ]);
        const box = streetTileBox('11/1100/671');
        expect(box.west).toBeCloseTo(13.359375, 9);
        expect(box.east).toBeCloseTo(13.53515625, 9);
        expect(box.north).toBeCloseTo(52.5897008, 6);
        expect(box.south).toBeCloseTo(52.4827802, 6);
        expect(streetTileUrl('11/1100/671')).toBe(
            '/assets/map/streets.json?bbox=13.359375,52.482780,13.535156,52.589701',
        );
    });

    it('lists every tile of a view across tile edges, and none for a view too wide', () => {
        // 13.53515625 is the edge between columns 1100 and 1101.
        expect(streetTileKeys({ west: 13.5, south: 52.5, east: 13.6, north: 52.54 })).toEqual([
            '11/1100/671',
            '11/1101/671',
        ]);
        expect(streetTileKeys({ west: 5, south: 47, east: 15, north: 55 })).toEqual([]);
    });
});

describe('clipSegment (the streets route)', () => {
    const box = { west: 0, south: 0, east: 10, north: 10 };

    it('cuts a line crossing the box to its part inside', () => {
        expect(clipSegment([-5, 5], [15, 5], box)).toEqual([
            [0, 5],
            [10, 5],
        ]);
        expect(clipSegment([-5, -5], [5, 5], box)).toEqual([
            [0, 0],
            [5, 5],
        ]);
    });

    it('answers nothing for a line beside the box', () => {
        expect(clipSegment([11, 0], [11, 10], box)).toBeUndefined();
        expect(clipSegment([-5, 6], [4, 15], box)).toBeUndefined();
    });
});
