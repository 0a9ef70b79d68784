// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { I18nContextProvider } from 'ra-core';
import { MapContainer } from 'react-leaflet';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MapBackground } from '../../src/maps/background/MapBackground';
import { englishI18nProvider } from './controls-fixtures';
import { installMapStandIns } from './map-fixtures';

/**
 * The map background in jsdom (issue 15 part 4): tiles while they load, the offline background
 * when they fail or none are configured, and then no request to any other origin.
 */

const fetched: string[] = [];
const land = {
    type: 'FeatureCollection',
    features: [
        {
            type: 'Feature',
            properties: null,
            geometry: {
                type: 'Polygon',
                coordinates: [
                    [
                        [5, 47],
                        [15, 47],
                        [15, 55],
                        [5, 55],
                        [5, 47],
                    ],
                ],
            },
        },
    ],
};

let undoStandIns: () => void;
beforeAll(() => {
    undoStandIns = installMapStandIns({ width: 400, height: 400 });
    vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
            fetched.push(url);
            return new Response(JSON.stringify(land), { status: 200 });
        }),
    );
});
afterEach(cleanup);
afterAll(() => {
    vi.unstubAllGlobals();
    undoStandIns();
});

function renderBackground(tileUrl?: string) {
    let map: L.Map | null = null;
    render(
        <I18nContextProvider value={englishI18nProvider()}>
            <MapContainer
                center={[51, 10]}
                zoom={5}
                ref={(instance) => {
                    map = instance;
                }}
            >
                <MapBackground tileUrl={tileUrl} attribution="© Tile people" />
            </MapContainer>
        </I18nContextProvider>,
    );
    const current = () => {
        if (!map) throw new Error('no map');
        return map;
    };
    const tiles = () => {
        const found: L.TileLayer[] = [];
        current().eachLayer((layer) => {
            if (layer instanceof L.TileLayer) found.push(layer);
        });
        return found;
    };
    const attribution = () =>
        document.querySelector('.leaflet-control-attribution')?.textContent ?? '';
    return { current, tiles, attribution };
}

describe('MapBackground', () => {
    it('without a tile URL draws the offline land and asks only the product itself', async () => {
        fetched.length = 0;
        const view = renderBackground(undefined);
        expect(view.tiles()).toEqual([]);
        await waitFor(() => expect(view.attribution()).toContain('Land: Natural Earth'));
        await waitFor(() => {
            let geoJson = 0;
            view.current().eachLayer((layer) => {
                if (layer instanceof L.GeoJSON) geoJson++;
            });
            expect(geoJson).toBe(1);
        });
        expect(fetched).toEqual(['/assets/map/land.json']);
        expect(document.querySelectorAll('img')).toHaveLength(0);
        expect(view.current().getContainer().style.background).toContain('rgb(179, 209, 224)');
    });

    it('shows the tiles, and turns to the offline background after three failed tiles', async () => {
        const view = renderBackground('https://tiles.example/{z}/{x}/{y}.png');
        const [tiles] = view.tiles();
        expect(tiles).toBeDefined();
        expect(view.attribution()).toContain('© Tile people');
        act(() => {
            tiles?.fire('tileerror');
            tiles?.fire('tileerror');
        });
        expect(view.tiles()).toHaveLength(1);
        act(() => {
            tiles?.fire('tileerror');
        });
        expect(view.tiles()).toEqual([]);
        await waitFor(() => expect(view.attribution()).toContain('Land: Natural Earth'));
        expect(view.attribution()).not.toContain('© Tile people');
    });

    it('keeps tiles that load even when some fail', () => {
        const view = renderBackground('https://tiles.example/{z}/{x}/{y}.png');
        const [tiles] = view.tiles();
        act(() => {
            tiles?.fire('tileload');
            for (let error = 0; error < 5; error++) tiles?.fire('tileerror');
        });
        expect(view.tiles()).toHaveLength(1);
    });
});
