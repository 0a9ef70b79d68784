import { afterAll, describe, expect, it } from 'vitest';
import type { BackfillUnit } from '../../server/demo/simulation/backfill-model.js';
import { simulateDayAtOnce } from '../../server/demo/simulation/backfill-simulate.js';
import {
    openDaySimulator,
    type DaySimulator,
} from '../../server/demo/simulation/backfill-simulator.js';
import { hamburg } from './simulation-fixtures.js';

/** The backfill's simulation on a worker thread gives the rows this thread gives. */

const depot: BackfillUnit['depot'] = {
    internalDepotId: 'sim-depot',
    ...hamburg,
    externalDepotId: '4417',
    tenantId: 'sim',
    scopePath: 'sim.DE.grp.sim-depot',
    vehicles: ['1001', '1002'].map((number, index) => ({
        id: `sim-v${index}`,
        number,
        subcontractorId: 'sim-suco',
        scopePath: 'sim.DE.grp.sim-depot.sim-suco',
        regularDriverId: `sim-d${index}`,
        standInDriverIds: ['sim-d9'],
    })),
};
const full = { waypoints: true, positions: true, jobs: true, events: true };
const units: BackfillUnit[] = [
    { depot, date: '2026-03-27', level: full },
    { depot, date: '2026-03-30', level: { ...full, events: false, jobs: false } },
];

const opened: DaySimulator[] = [];
afterAll(async () => {
    await Promise.all(opened.map((simulator) => simulator.close()));
});

describe('the day simulator', () => {
    it('answers on a worker thread the rows of this thread, day by day', async () => {
        const simulator = await openDaySimulator('sim-seed', true);
        opened.push(simulator);
        expect(simulator.where).toBe('worker');
        const answers = await Promise.all(units.map((unit) => simulator.simulate(unit)));
        for (const [index, unit] of units.entries()) {
            const expected = simulateDayAtOnce(unit, 'sim-seed', new Map());
            expect(expected.tours.length).toBeGreaterThan(0);
            expect(answers[index]?.records).toEqual(expected);
        }
    }, 60_000);

    it('gives the same rows on this thread when asked to', async () => {
        const simulator = await openDaySimulator('sim-seed', false);
        opened.push(simulator);
        expect(simulator.where).toBe('inline');
        const answer = await simulator.simulate(units[0] as BackfillUnit);
        expect(answer.records).toEqual(
            simulateDayAtOnce(units[0] as BackfillUnit, 'sim-seed', new Map()),
        );
    });

    it('reports a day it cannot simulate and goes on with the next', async () => {
        const simulator = await openDaySimulator('sim-seed', true);
        opened.push(simulator);
        const broken = { ...(units[0] as BackfillUnit), date: '27.03.2026' };
        await expect(simulator.simulate(broken)).rejects.toThrow(/date must be YYYY-MM-DD/);
        const answer = await simulator.simulate(units[1] as BackfillUnit);
        expect(answer.records.tours.length).toBeGreaterThan(0);
    }, 60_000);
});
