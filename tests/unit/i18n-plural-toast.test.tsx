// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
    ListContextProvider,
    ResourceContextProvider,
    type DataProvider,
    type ListControllerResult,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../domain/enums';
import { AppUserBulkActions } from '../../src/resources/app-accounts/AppUserBulkActions';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';

/** Issue 13 point 6: the courier accounts' activate/deactivate/delete toasts and question, with the real provider. */

const dataProvider = {
    updateMany: vi.fn(async (_resource: string, params: { ids: string[] }) => ({
        data: params.ids,
    })),
    deleteMany: vi.fn(async (_resource: string, params: { ids: string[] }) => ({
        data: params.ids,
    })),
} as unknown as DataProvider;

async function renderSelected(language: Language, ids: string[]) {
    const i18nProvider = await realI18nProvider(language);
    const Wrapper = i18nWrapper(i18nProvider, dataProvider);
    const list = {
        selectedIds: ids,
        onUnselectItems: () => undefined,
    } as unknown as ListControllerResult;
    render(
        <Wrapper>
            <ResourceContextProvider value="tempDrivers">
                <ListContextProvider value={list}>
                    <AppUserBulkActions
                        rights={{ activate: true, deactivate: true, delete: true }}
                    />
                </ListContextProvider>
            </ResourceContextProvider>
        </Wrapper>,
    );
}

afterEach(cleanup);

describe('courier account bulk actions: texts with the number of accounts', () => {
    it('English: "Accounts deactivated: 2", "Delete 1 selected account?"', async () => {
        await renderSelected('en', ['a', 'b']);
        await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
        expect(await screen.findByText('Accounts deactivated: 2')).toBeTruthy();
        cleanup();

        await renderSelected('en', ['a']);
        await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
        expect(
            await screen.findByText('Delete 1 selected account? This cannot be undone.'),
        ).toBeTruthy();
    }, 30_000);

    it('Polish: "Aktywowane konta: 5", the question in the singular for one account', async () => {
        await renderSelected('pl', ['a', 'b', 'c', 'd', 'e']);
        await userEvent.click(screen.getByRole('button', { name: 'Aktywuj' }));
        expect(await screen.findByText('Aktywowane konta: 5')).toBeTruthy();
        cleanup();

        await renderSelected('pl', ['a']);
        await userEvent.click(screen.getByRole('button', { name: 'Usuń' }));
        expect(
            await screen.findByText('Usunąć zaznaczone konto (1)? Tej operacji nie można cofnąć.'),
        ).toBeTruthy();
    }, 30_000);
});
