// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from '../../src/controls/DateRangePicker';
import type { DateRange } from '../../src/controls/dateRange';
import { MultiSelect } from '../../src/controls/MultiSelect';
import type { SelectItem } from '../../src/controls/multiSelectOptions';
import { PersistedCheckbox } from '../../src/controls/PersistedCheckbox';
import { adminWrapper, memoryDataProvider, mockScreenWidth } from './controls-fixtures';

const { Wrapper } = adminWrapper({
    dataProvider: memoryDataProvider([]).dataProvider,
    initialEntry: '/',
});
const items = (count: number): SelectItem[] =>
    Array.from({ length: count }, (_, index) => ({
        label: `Region ${index + 1}`,
        value: `r${index + 1}`,
    }));

function ControlledMultiSelect({ count, initial = [] }: { count: number; initial?: string[] }) {
    const [value, setValue] = useState<string[]>(initial);
    return <MultiSelect label="Regions" items={items(count)} value={value} onChange={setValue} />;
}

beforeEach(() => {
    localStorage.clear();
    mockScreenWidth(1280);
});
afterEach(cleanup);

describe('MultiSelect', () => {
    it('has no search field below 5 items', () => {
        render(<ControlledMultiSelect count={4} />, { wrapper: Wrapper });
        const combobox = screen.getByRole('combobox', { name: 'Regions' });
        expect(combobox.tagName).not.toBe('INPUT');
        expect(screen.queryByRole('textbox')).toBeNull();
    });

    it('offers a search field from 5 items that narrows the list', async () => {
        render(<ControlledMultiSelect count={5} />, { wrapper: Wrapper });
        const search = screen.getByRole('combobox', { name: 'Regions' });
        expect(search.tagName).toBe('INPUT');
        await userEvent.type(search, 'Region 3');
        expect(
            within(screen.getByRole('listbox'))
                .getAllByRole('option')
                .map((option) => option.textContent),
        ).toEqual(['Region 3']);
    });

    it('shows the first chosen item as a chip, then +N', async () => {
        render(<ControlledMultiSelect count={10} initial={['r7', 'r2', 'r9']} />, {
            wrapper: Wrapper,
        });
        expect(screen.getByText('Region 2')).toBeTruthy();
        expect(screen.getByText('+2')).toBeTruthy();
        expect(screen.getByText('2 more selected')).toBeTruthy();
        expect(screen.queryByText('Region 7')).toBeNull();
    });

    it('lists the chosen items on top when there are more than 8', async () => {
        render(<ControlledMultiSelect count={9} initial={['r9']} />, { wrapper: Wrapper });
        await userEvent.click(screen.getByRole('combobox', { name: 'Regions' }));
        const options = within(screen.getByRole('listbox')).getAllByRole('option');
        expect(options[0]?.textContent).toBe('Region 9');
        expect(options[0]?.getAttribute('aria-selected')).toBe('true');
        await userEvent.click(options[2] as HTMLElement);
        expect(screen.getByText('+1')).toBeTruthy();
    });
});

describe('PersistedCheckbox', () => {
    it('keeps its value in local storage under its key', async () => {
        const first = render(<PersistedCheckbox storageKey="app.test.flag" label="Only active" />, {
            wrapper: Wrapper,
        });
        const box = screen.getByRole('checkbox', { name: 'Only active' }) as HTMLInputElement;
        expect(box.checked).toBe(false);
        await userEvent.click(box);
        expect(localStorage.getItem('app.test.flag')).toBe('true');
        first.unmount();

        const onChange = vi.fn();
        render(
            <PersistedCheckbox
                storageKey="app.test.flag"
                label="Only active"
                onChange={onChange}
            />,
            { wrapper: Wrapper },
        );
        expect(
            (screen.getByRole('checkbox', { name: 'Only active' }) as HTMLInputElement).checked,
        ).toBe(true);
        expect(onChange).toHaveBeenCalledWith(true);
    });
});

function ControlledRange({
    initial,
    onChange,
}: {
    initial?: DateRange;
    onChange: (range: DateRange) => void;
}) {
    const [value, setValue] = useState<DateRange | undefined>(initial);
    return (
        <DateRangePicker
            label="Dates"
            value={value}
            min="2025-03-01"
            onChange={(range) => {
                setValue(range);
                onChange(range);
            }}
        />
    );
}

describe('DateRangePicker', () => {
    it('makes a single pick a one-day range when the calendar closes', async () => {
        const onChange = vi.fn();
        render(
            <ControlledRange
                initial={{ from: '2025-03-03', to: '2025-03-05' }}
                onChange={onChange}
            />,
            { wrapper: Wrapper },
        );
        await userEvent.click(screen.getByRole('textbox', { name: 'Dates' }));
        const dialog = await screen.findByRole('dialog', { name: 'Dates' });
        expect(within(dialog).getByText('March 2025')).toBeTruthy();
        expect(
            within(dialog)
                .getAllByRole('columnheader')
                .map((header) => header.textContent),
        ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
        await userEvent.click(
            within(dialog).getByRole('button', { name: 'Wednesday, March 12, 2025' }),
        );
        expect(onChange).not.toHaveBeenCalled();
        await userEvent.keyboard('{Escape}');
        await waitFor(() =>
            expect(onChange).toHaveBeenCalledWith({ from: '2025-03-12', to: '2025-03-12' }),
        );
        expect((screen.getByRole('textbox', { name: 'Dates' }) as HTMLInputElement).value).toBe(
            'Mar 12, 2025',
        );
    });

    it('closes a range with the second pick, in either order, and will not pick the chosen single day again', async () => {
        const onChange = vi.fn();
        render(
            <ControlledRange
                initial={{ from: '2025-03-12', to: '2025-03-12' }}
                onChange={onChange}
            />,
            { wrapper: Wrapper },
        );
        await userEvent.click(screen.getByRole('textbox', { name: 'Dates' }));
        const dialog = await screen.findByRole('dialog', { name: 'Dates' });
        const chosen = within(dialog).getByRole('button', { name: 'Wednesday, March 12, 2025' });
        expect(chosen.getAttribute('aria-disabled')).toBe('true');
        await userEvent.click(chosen);
        expect(within(dialog).getByText('Pick the first day.')).toBeTruthy();
        expect(
            within(dialog)
                .getByRole('button', { name: 'Saturday, March 1, 2025' })
                .getAttribute('aria-disabled'),
        ).toBeNull();
        expect(
            within(dialog)
                .getByRole('button', { name: 'Friday, February 28, 2025' })
                .getAttribute('aria-disabled'),
        ).toBe('true');

        await userEvent.click(
            within(dialog).getByRole('button', { name: 'Thursday, March 20, 2025' }),
        );
        expect(
            within(dialog).getByText(
                'Now pick the last day, or close the calendar for this day alone.',
            ),
        ).toBeTruthy();
        await userEvent.click(
            within(dialog).getByRole('button', { name: 'Monday, March 10, 2025' }),
        );
        await waitFor(() =>
            expect(onChange).toHaveBeenCalledWith({ from: '2025-03-10', to: '2025-03-20' }),
        );
        expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('moves through the month with the arrow keys', async () => {
        render(
            <ControlledRange
                initial={{ from: '2025-03-31', to: '2025-03-31' }}
                onChange={() => undefined}
            />,
            { wrapper: Wrapper },
        );
        await userEvent.click(screen.getByRole('textbox', { name: 'Dates' }));
        const dialog = await screen.findByRole('dialog', { name: 'Dates' });
        await waitFor(() =>
            expect(document.activeElement?.getAttribute('data-date')).toBe('2025-03-31'),
        );
        await userEvent.keyboard('{ArrowRight}');
        await waitFor(() =>
            expect(document.activeElement?.getAttribute('data-date')).toBe('2025-04-01'),
        );
        expect(within(dialog).getByText('April 2025')).toBeTruthy();
        await userEvent.keyboard('{ArrowUp}');
        await waitFor(() =>
            expect(document.activeElement?.getAttribute('data-date')).toBe('2025-03-25'),
        );
    });
});
