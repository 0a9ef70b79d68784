// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentGate } from '../../src/analytics/ConsentGate';
import { englishI18nProvider } from './controls-fixtures';

afterEach(() => {
    cleanup();
    localStorage.clear();
});

function renderGate(queryClient: QueryClient) {
    render(
        <TestMemoryRouter initialEntries={['/landing']}>
            <AdminContext
                dataProvider={{ recordPageView: async () => undefined } as unknown as DataProvider}
                i18nProvider={englishI18nProvider()}
                queryClient={queryClient}
                store={memoryStore()}
            >
                <ConsentGate />
            </AdminContext>
        </TestMemoryRouter>,
    );
}

describe('ConsentGate', () => {
    it('asks for the cookie decision only once the page has its data', async () => {
        const queryClient = new QueryClient();
        let answer: (rows: string[]) => void = () => undefined;
        const rows = queryClient.fetchQuery({
            queryKey: ['depots', 'getList'],
            queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
        });
        renderGate(queryClient);
        // The page's first request is in flight: no dialog over it yet.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(screen.queryByRole('dialog')).toBeNull();
        answer(['row']);
        await rows;
        expect(await screen.findByRole('dialog', {}, { timeout: 3_000 })).toBeTruthy();
    });

    it('asks at once on a page that loads nothing', async () => {
        renderGate(new QueryClient());
        expect(await screen.findByRole('dialog', {}, { timeout: 3_000 })).toBeTruthy();
    });
});
