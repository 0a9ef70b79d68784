// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateRangePicker } from '../../src/controls/DateRangePicker';
import { MultiSelect } from '../../src/controls/MultiSelect';
import { PersistedCheckbox } from '../../src/controls/PersistedCheckbox';
import { adminWrapper, memoryDataProvider, mockScreenWidth } from './controls-fixtures';

const { Wrapper } = adminWrapper({
    dataProvider: memoryDataProvider([]).dataProvider,
    initialEntry: '/',
});

/** axe's serious and critical WCAG A/AA findings on the document (jsdom: no layout, so no contrast checks). */
async function seriousViolations() {
    const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
            (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
        );
}

const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
        label: `Region ${index + 1}`,
        value: `r${index + 1}`,
    }));

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('shared controls pass axe', () => {
    it('multi-selects, closed and open', async () => {
        render(
            <>
                <MultiSelect
                    label="Few"
                    items={items(4)}
                    value={['r1', 'r2']}
                    onChange={() => undefined}
                />
                <MultiSelect
                    label="Many"
                    items={items(12)}
                    value={['r3', 'r9']}
                    onChange={() => undefined}
                />
            </>,
            { wrapper: Wrapper },
        );
        expect(await seriousViolations()).toEqual([]);
        await userEvent.click(screen.getByRole('combobox', { name: 'Many' }));
        expect(await seriousViolations()).toEqual([]);
    });

    it('the date-range picker with its calendar open, and the persisted checkbox', async () => {
        render(
            <>
                <DateRangePicker
                    label="Dates"
                    value={{ from: '2025-03-12', to: '2025-03-12' }}
                    onChange={() => undefined}
                />
                <PersistedCheckbox storageKey="app.test.axe" label="Remember" />
            </>,
            { wrapper: Wrapper },
        );
        expect(await seriousViolations()).toEqual([]);
        await userEvent.click(screen.getByRole('textbox', { name: 'Dates' }));
        await screen.findByRole('dialog', { name: 'Dates' });
        expect(await seriousViolations()).toEqual([]);
    });
});
