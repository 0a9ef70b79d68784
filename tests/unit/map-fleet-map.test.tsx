// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { I18nContextProvider } from 'ra-core';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import FleetMap from '../../src/maps/fleet/FleetMap';
import { FleetStore, type FleetVehicle } from '../../src/maps/fleet/fleetStore';
import { englishI18nProvider } from './controls-fixtures';
import { drawn, installMapStandIns } from './map-fixtures';

/**
 * FleetMap in jsdom (issue 15 part 4): a canvas that records what is drawn stands in for the
 * real one and the map container measures 800 × 600 (map-fixtures.ts). The vehicles share one position, so the
 * map fits its view to it: that point is the map's centre, container point (400, 300). The store's changes reach the canvas without a React render; clicks on what is
 * drawn select vehicles or list a cluster's.
 */

const here = { latitude: 52.52, longitude: 13.405 };
const vehicle = (id: string, state: FleetVehicle['state'] = 'ON_ROAD'): FleetVehicle => ({
    id,
    ...here,
    heading: 90,
    state,
    label: `Tour ${id}`,
});
const stateLabels = {
    COMPLETED: 'Completed',
    OUTDATED: 'Outdated location',
    BEHIND: 'Behind the average',
    ON_ROAD: 'On the road',
    NOT_STARTED: 'Not started',
};

let undoStandIns: () => void;
beforeAll(() => {
    undoStandIns = installMapStandIns();
    vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new Error('no network in unit tests'))),
    );
});
afterEach(cleanup);
afterAll(() => {
    undoStandIns();
    vi.unstubAllGlobals();
});

function renderMap(store: FleetStore, onSelect: (id: string) => void) {
    const commits = { count: 0 };
    render(
        <I18nContextProvider value={englishI18nProvider()}>
            <Profiler id="fleet-map" onRender={() => commits.count++}>
                <FleetMap
                    label="Fleet map"
                    store={store}
                    stateLabels={stateLabels}
                    onSelect={onSelect}
                    zoomInTitle="Zoom in"
                    zoomOutTitle="Zoom out"
                    clusterListTitle={(count) => `${count} vehicles here`}
                />
            </Profiler>
        </I18nContextProvider>,
    );
    return commits;
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
const mapContainer = () => document.querySelector('.leaflet-container') as HTMLElement;

describe('FleetMap', () => {
    it('draws store changes on the canvas without rendering React, and selects a clicked vehicle', async () => {
        const store = new FleetStore();
        store.replace([vehicle('7')]);
        const onSelect = vi.fn();
        const commits = renderMap(store, onSelect);
        await nextFrame();
        const [rendered, images] = [commits.count, drawn.images];
        expect(images).toBeGreaterThan(0);
        for (let tick = 0; tick < 20; tick++) {
            store.upsert([{ ...vehicle('7'), heading: tick * 10 }]);
            await nextFrame();
        }
        expect(commits.count).toBe(rendered);
        expect(drawn.images).toBeGreaterThanOrEqual(images + 20);

        fireEvent.click(mapContainer(), { clientX: 403, clientY: 302 });
        expect(onSelect).toHaveBeenCalledWith('7');
        onSelect.mockClear();
        fireEvent.click(mapContainer(), { clientX: 460, clientY: 300 });
        expect(onSelect).not.toHaveBeenCalled();
    });

    it('lists a clicked cluster’s vehicles as buttons, selects the one chosen, and passes axe', async () => {
        const store = new FleetStore();
        store.replace([vehicle('8', 'BEHIND'), vehicle('9', 'COMPLETED'), vehicle('10')]);
        const onSelect = vi.fn();
        renderMap(store, onSelect);
        await nextFrame();
        expect(drawn.texts).toContain('3');

        fireEvent.click(mapContainer(), { clientX: 400, clientY: 300 });
        const list = await screen.findByRole('dialog', { name: '3 vehicles here' });
        const buttons = within(list).getAllByRole('button');
        expect(buttons.map((button) => button.textContent)).toEqual([
            'Tour 8Behind the average',
            'Tour 9Completed',
            'Tour 10On the road',
            'Zoom in here',
        ]);
        const result = await axe.run(document.body, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
            rules: { 'color-contrast': { enabled: false } },
        });
        expect(
            result.violations
                .filter(
                    (violation) =>
                        violation.impact === 'serious' || violation.impact === 'critical',
                )
                .map((violation) => violation.id),
        ).toEqual([]);
        await userEvent.click(within(list).getByRole('button', { name: /Tour 9/ }));
        expect(onSelect).toHaveBeenCalledWith('9');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('names every state in its key, with the cluster and the heading arrow', () => {
        renderMap(new FleetStore(), () => undefined);
        const key = screen.getByRole('list', { name: 'Map key' });
        expect(
            within(key)
                .getAllByRole('listitem')
                .map((item) => item.textContent),
        ).toEqual([
            'Completed',
            'Outdated location',
            'Behind the average',
            'On the road',
            'Not started',
            '3Group of vehicles: how many, ring by state',
            'Arrow: direction of travel',
        ]);
        expect(screen.getByRole('region', { name: 'Fleet map' })).toBe(mapContainer());
    });
});
