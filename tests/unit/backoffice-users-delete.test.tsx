// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListBase, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../domain/enums';
import { ApiError } from '../../src/dataProviders/apiError';
import type { BackOfficeUserRecord } from '../../src/dataProviders/backOfficeUsersDataProvider';
import { BackOfficeUserTable } from '../../src/resources/backoffice/BackOfficeUserTable';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { tenantAdminT1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/** Issue 13 point 10: no Delete on one's own row; a refusal says the server's reason. */

const row = (id: string, firstName: string, lastName: string): BackOfficeUserRecord => ({
    id,
    type: 'BackofficeManager',
    email: `${id}@example.com`,
    firstName,
    lastName,
    mobilePhone: null,
    landLine: null,
    tenantId: 't1',
    wantsSecondScreenNews: false,
    lastLogin: null,
    created: '2025-01-01T00:00:00Z',
    version: 1,
    permissions: [
        {
            id: `p-${id}`,
            roleId: 'tenant-admin',
            roleName: 'Admin (Tenant)',
            contexts: ['TENANT'],
            path: 't1',
            scope: 'TENANT',
            scopeName: 'Org One',
        },
    ],
});

// The viewer (profile id u1, Ada Lovelace) and another user of the organisation.
const rows = [row('u1', 'Ada', 'Lovelace'), row('u2', 'Anna', 'Schmidt')];

async function renderList(language: Language, deleteMany: DataProvider['deleteMany']) {
    const viewer = { ...profileWithSettings(null), actions: tenantAdminT1 };
    const authProvider = authProviderOf(viewer);
    const dataProvider = {
        getList: async () => ({ data: rows, total: rows.length }),
        deleteMany,
        getRolesAndScopes: async () => ({ roles: [], scopes: [] }),
    } as unknown as DataProvider;
    const Wrapper = i18nWrapper(await realI18nProvider(language), dataProvider, {
        authProvider,
        initialEntry: '/tenant/t1/users/backoffice',
    });
    render(
        <Wrapper>
            <ListBase resource="backoffice" disableSyncWithLocation>
                <BackOfficeUserTable
                    view={{ context: 'tenant', path: 't1' }}
                    addEditUserFrom="ALL"
                    timeZone="Europe/Berlin"
                />
            </ListBase>
        </Wrapper>,
    );
}

const refusal = (status: number, code: string, message: string) =>
    new ApiError(message, status, { code, message, details: [] }, 'DELETE');

/** The profile and the list load in turn; a busy machine needs more than the default second. */
const slow = { timeout: 10_000 };

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('deleting back-office users', { timeout: 30_000 }, () => {
    it('English: offers no Delete on the own row, and a refusal shows its reason', async () => {
        const deleteMany = vi.fn(async () => {
            throw refusal(400, 'CANNOT_DELETE_SELF', 'You cannot delete yourself.');
        });
        await renderList('en', deleteMany);
        expect(
            await screen.findByRole('button', { name: 'Delete Anna Schmidt' }, slow),
        ).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).toBeNull();

        await userEvent.click(screen.getByRole('button', { name: 'Delete Anna Schmidt' }));
        await userEvent.click(
            within(await screen.findByRole('alertdialog')).getByRole('button', {
                name: 'Delete',
            }),
        );
        const alert = await screen.findByRole('alertdialog', {
            name: 'The users could not be deleted.',
        });
        expect(within(alert).getByText('You cannot delete your own account.')).toBeTruthy();
        expect(within(alert).queryByText('Something went wrong.')).toBeNull();
        expect(deleteMany).toHaveBeenCalledWith('backoffice', { ids: ['u2'] });
    });

    it("German: the reason in German; a refusal without a text of its own shows the server's message", async () => {
        let answer = refusal(400, 'CANNOT_DELETE_SELF', 'You cannot delete yourself.');
        await renderList('de', async () => {
            throw answer;
        });
        expect(
            await screen.findByRole('button', { name: 'Anna Schmidt löschen' }, slow),
        ).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Ada Lovelace löschen' })).toBeNull();

        const tryDelete = async () => {
            await userEvent.click(
                await screen.findByRole('button', { name: 'Anna Schmidt löschen' }, slow),
            );
            await userEvent.click(
                within(await screen.findByRole('alertdialog')).getByRole('button', {
                    name: 'Löschen',
                }),
            );
            return screen.findByRole('alertdialog', {
                name: 'Die Benutzer konnten nicht gelöscht werden.',
            });
        };
        let alert = await tryDelete();
        expect(within(alert).getByText('Sie können Ihr eigenes Konto nicht löschen.')).toBeTruthy();
        await userEvent.click(within(alert).getByRole('button', { name: 'Schließen' }));

        answer = refusal(409, 'SOME_FUTURE_CODE', 'The user is locked by an import.');
        alert = await tryDelete();
        expect(within(alert).getByText('The user is locked by an import.')).toBeTruthy();
    });
});
