// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListBase } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackOfficeTable, defaultSort, type TableColumn } from '../../src/controls/table';
import { adminWrapper, memoryDataProvider, mockScreenWidth } from './controls-fixtures';

interface Row {
    id: number;
    externalDepotId: string;
    name: string;
    timeZone: string;
}

const rows = (count: number): Row[] =>
    Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        externalDepotId: String(1000 + index),
        name: `Depot ${String.fromCharCode(65 + (index % 26))}${index}`,
        timeZone: 'Europe/Berlin',
    }));

const columns: TableColumn<Row>[] = [
    { key: 'externalDepotId', sortable: true },
    { key: 'name', sortable: true },
    { key: 'timeZone', sortable: true },
];

function renderTable(
    count: number,
    options: {
        initialEntry?: string;
        table?: Partial<Parameters<typeof BackOfficeTable<Row>>[0]>;
    } = {},
) {
    const { dataProvider, getList } = memoryDataProvider(rows(count));
    const { Wrapper, location } = adminWrapper({
        dataProvider,
        initialEntry: options.initialEntry,
    });
    const ui = (
        <ListBase
            resource="depots"
            perPage={25}
            sort={defaultSort(columns)}
            disableSyncWithLocation
        >
            <BackOfficeTable
                tableId="depots"
                columns={columns}
                syncWithUrl
                rowLink="show"
                {...options.table}
            />
        </ListBase>
    );
    const result = render(ui, { wrapper: Wrapper });
    return { ...result, ui, getList, location, Wrapper };
}

/** Waits until the body shows `count` data rows (beside the header row). */
const rowsShown = (count: number) =>
    waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(count + 1));

const firstCells = () =>
    screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(() => {
    localStorage.clear();
    mockScreenWidth(1280);
});
afterEach(cleanup);

describe('BackOfficeTable', () => {
    it('hides the pager when all rows fit on one page of 25', async () => {
        renderTable(25);
        await rowsShown(25);
        expect(screen.queryByRole('navigation', { name: 'Pages of the table' })).toBeNull();
    });

    it('shows the pager with 1-based page buttons when there are more rows', async () => {
        const { getList } = renderTable(26);
        const pager = await screen.findByRole('navigation', { name: 'Pages of the table' });
        expect(within(pager).getByText('1-25 of 26')).toBeTruthy();
        expect(
            within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'),
        ).toBe('page');
        await userEvent.click(within(pager).getByRole('button', { name: 'Go to page 2' }));
        await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
        expect(getList.mock.lastCall?.[1].pagination).toEqual({ page: 2, perPage: 25 });
    });

    it('starts with the first sortable column ascending and writes it to the URL', async () => {
        const { getList, location } = renderTable(3);
        await waitFor(() =>
            expect(location()?.search).toBe(
                '?depots_sort_by=externalDepotId&depots_sort_desc=false',
            ),
        );
        expect(getList.mock.lastCall?.[1].sort).toEqual({ field: 'externalDepotId', order: 'ASC' });
        expect(
            screen.getByRole('columnheader', { name: /Depot number/ }).getAttribute('aria-sort'),
        ).toBe('ascending');
    });

    it('writes no sort into the address once the browser is on its way to another page', async () => {
        // The browser's history entry belongs to the next page while this one still renders
        // (its code loading): writing the sort would lead the user back here.
        window.history.replaceState({ key: 'the-next-page', idx: 1, usr: null }, '');
        try {
            const { getList, location } = renderTable(3);
            await waitFor(() => expect(getList).toHaveBeenCalled());
            await new Promise((resolve) => setTimeout(resolve, 50));
            expect(location()?.search).toBe('');
        } finally {
            window.history.replaceState(null, '');
        }
    });

    it('puts a sort chosen in the header into the URL parameters', async () => {
        const { getList, location } = renderTable(30);
        await rowsShown(25);
        await userEvent.click(screen.getByRole('button', { name: 'Depot name' }));
        await waitFor(() =>
            expect(location()?.search).toBe('?depots_sort_by=name&depots_sort_desc=false'),
        );
        await userEvent.click(screen.getByRole('button', { name: 'Depot name' }));
        await waitFor(() =>
            expect(location()?.search).toBe('?depots_sort_by=name&depots_sort_desc=true'),
        );
        await waitFor(() =>
            expect(getList.mock.lastCall?.[1].sort).toEqual({ field: 'name', order: 'DESC' }),
        );
        expect(
            screen.getByRole('columnheader', { name: /Depot name/ }).getAttribute('aria-sort'),
        ).toBe('descending');
    });

    it('returns to the default sort after descending on large screens, toggles on small ones', async () => {
        const large = renderTable(3);
        await rowsShown(3);
        for (let click = 0; click < 3; click++)
            await userEvent.click(screen.getByRole('button', { name: 'Depot name' }));
        await waitFor(() =>
            expect(large.location()?.search).toBe(
                '?depots_sort_by=externalDepotId&depots_sort_desc=false',
            ),
        );
        large.unmount();

        mockScreenWidth(800);
        const small = renderTable(3);
        await rowsShown(3);
        for (let click = 0; click < 3; click++)
            await userEvent.click(screen.getByRole('button', { name: 'Depot name' }));
        await waitFor(() =>
            expect(small.location()?.search).toBe('?depots_sort_by=name&depots_sort_desc=false'),
        );
    });

    it('restores the sort from the URL', async () => {
        const { getList } = renderTable(30, {
            initialEntry: '/depots?depots_sort_by=name&depots_sort_desc=true',
        });
        await waitFor(() =>
            expect(getList.mock.lastCall?.[1].sort).toEqual({ field: 'name', order: 'DESC' }),
        );
        await waitFor(() =>
            expect(screen.getAllByRole('row')[1]?.textContent).toContain('Depot Z25'),
        );
        expect(firstCells().slice(0, 2)).toEqual(['1025', '1024']);
        expect(
            screen.getByRole('columnheader', { name: /Depot name/ }).getAttribute('aria-sort'),
        ).toBe('descending');
    });

    it('searches through the filter `q`', async () => {
        const { getList } = renderTable(30);
        await rowsShown(25);
        await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'z25');
        await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 3000 });
        expect(getList.mock.lastCall?.[1].filter).toEqual({ q: 'z25' });
        expect(screen.queryByRole('navigation', { name: 'Pages of the table' })).toBeNull();
    });

    it('keeps a column hidden with the chooser after the table mounts again', async () => {
        const first = renderTable(3);
        await rowsShown(3);
        await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
        const item = screen.getByRole('menuitemcheckbox', { name: 'Time zone' });
        expect(item.getAttribute('aria-checked')).toBe('true');
        await userEvent.click(item);
        await waitFor(() =>
            expect(screen.queryByRole('columnheader', { name: /Time zone/ })).toBeNull(),
        );
        first.unmount();

        renderTable(3);
        await rowsShown(3);
        expect(screen.queryByRole('columnheader', { name: /Time zone/ })).toBeNull();
        expect(screen.getByRole('columnheader', { name: /Depot name/ })).toBeTruthy();
        expect(JSON.parse(localStorage.getItem('app.table.depots.columns') ?? '{}')).toEqual({
            timeZone: false,
        });
    });

    it('selects rows with labelled checkboxes', async () => {
        renderTable(3, { table: { selectable: true } });
        await rowsShown(3);
        await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
        expect(
            screen
                .getAllByRole('checkbox', { name: 'Select this row' })
                .every((box) => (box as HTMLInputElement).checked),
        ).toBe(true);
        expect(screen.getByText('3 items selected')).toBeTruthy();
        await userEvent.click(
            screen.getAllByRole('checkbox', { name: 'Select this row' })[0] as HTMLElement,
        );
        expect(screen.getByText('2 items selected')).toBeTruthy();
        expect(
            (screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).checked,
        ).toBe(false);
    });

    it('expands a row to show its details', async () => {
        renderTable(3, { table: { expand: (row: Row) => <p>Details of {row.name}</p> } });
        await rowsShown(3);
        const [button] = screen.getAllByRole('button', { name: 'Expand' });
        expect(screen.queryByText('Details of Depot A0')).toBeNull();
        await userEvent.click(button as HTMLElement);
        expect(screen.getByText('Details of Depot A0')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe(
            'true',
        );
    });

    it('opens a row by click or Enter', async () => {
        const { location } = renderTable(3);
        await rowsShown(3);
        const row = screen.getAllByRole('row')[2] as HTMLElement;
        expect(row.tabIndex).toBe(0);
        row.focus();
        fireEvent.keyDown(row, { key: 'Enter' });
        await waitFor(() => expect(location()?.pathname).toBe('/depots/2/show'));
        fireEvent.click(screen.getAllByRole('row')[1] as HTMLElement);
        await waitFor(() => expect(location()?.pathname).toBe('/depots/1/show'));
    });

    it('shows cards on extra-small screens, each a link to its row', async () => {
        mockScreenWidth(390);
        renderTable(3);
        const list = await screen.findByRole('list', { name: 'Depots' });
        expect(screen.queryByRole('table')).toBeNull();
        const cards = within(list).getAllByRole('listitem');
        expect(cards).toHaveLength(3);
        const link = within(cards[0] as HTMLElement).getByRole('link');
        expect(link.getAttribute('href')).toBe('/depots/1/show');
        expect(within(link).getByText('Depot number')).toBeTruthy();
        expect(within(link).getByText('1000')).toBeTruthy();
    });

    it('keeps controls of interactive columns out of the card link (no nested interactive elements)', async () => {
        mockScreenWidth(390);
        const withActions: TableColumn<Row>[] = [
            ...columns,
            {
                key: 'actions',
                title: 'ra.action.edit',
                interactive: true,
                render: (row) => <button type="button">Open {row.name}</button>,
            },
        ];
        renderTable(2, { table: { columns: withActions } });
        const list = await screen.findByRole('list', { name: 'Depots' });
        const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
        const link = within(card).getByRole('link');
        expect(within(link).queryByRole('button')).toBeNull();
        expect(within(card).getByRole('button', { name: 'Open Depot A0' })).toBeTruthy();
        expect(within(link).getByText('1000')).toBeTruthy();
    });
});
