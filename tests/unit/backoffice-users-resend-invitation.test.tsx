// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackOfficeMethods } from '../../src/dataProviders/backOfficeDataProvider';
import type { BackOfficeUserRecord } from '../../src/dataProviders/backOfficeUsersDataProvider';
import { httpClient } from '../../src/dataProviders/httpClient';
import { AppDialogProvider } from '../../src/layout/dialogs/AppDialogProvider';
import { BackOfficeUserDialog } from '../../src/resources/backoffice/BackOfficeUserDialog';
import { englishI18nProvider, mockScreenWidth } from './controls-fixtures';
import { tenantAdminT1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/** Issue 13 point 14: the edit dialog of a user who never signed in offers "Resend invitation". */

const sent = vi.hoisted(() => [] as { url: string; method?: string }[]);
vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string, options: { method?: string } = {}) => {
        sent.push({ url, method: options.method });
        return { status: 204, headers: new Headers(), body: '', json: undefined };
    },
}));

const invited: BackOfficeUserRecord = {
    id: 'u9',
    type: 'BackofficeManager',
    email: 'bea@example.com',
    firstName: 'Bea',
    lastName: 'Berger',
    mobilePhone: null,
    landLine: null,
    tenantId: 't1',
    lastLogin: null,
    created: '2025-01-01T00:00:00Z',
    version: 3,
    permissions: [],
};

function setUp(user: BackOfficeUserRecord) {
    const unused = () => Promise.reject(new Error('unused'));
    const dataProvider = {
        getList: unused,
        getOne: unused,
        getMany: unused,
        getManyReference: unused,
        create: unused,
        update: unused,
        updateMany: unused,
        delete: unused,
        deleteMany: unused,
        getRolesAndScopes: async () => ({ roles: [], scopes: [] }),
        // The app's own back-office calls, over the recording HTTP client above.
        ...createBackOfficeMethods('/api', httpClient),
    } as unknown as DataProvider;
    const viewer = { ...profileWithSettings(null), actions: tenantAdminT1 };
    const authProvider = authProviderOf(viewer);
    const Wrapper = ({ children }: { children: ReactNode }) => (
        <TestMemoryRouter initialEntries={['/tenant/t1/users/backoffice']}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authProvider}
                i18nProvider={englishI18nProvider()}
                store={memoryStore()}
            >
                <AppDialogProvider>{children}</AppDialogProvider>
            </AdminContext>
        </TestMemoryRouter>
    );
    render(
        <BackOfficeUserDialog
            open
            mode="editData"
            user={user}
            view={{ context: 'tenant', path: 't1' }}
            onClose={() => undefined}
        />,
        { wrapper: Wrapper },
    );
}

beforeEach(() => {
    mockScreenWidth(1280);
    sent.length = 0;
});
afterEach(cleanup);

describe('Resend invitation', { timeout: 30_000 }, () => {
    it('posts the invitation of a user who never signed in', async () => {
        setUp(invited);
        await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation' }));
        await waitFor(() =>
            expect(sent).toEqual([{ url: '/api/v2/users/u9/invitation', method: 'POST' }]),
        );
    });

    it('is not offered once the user signed in', async () => {
        setUp({ ...invited, lastLogin: '2025-02-01T08:00:00Z' });
        await screen.findByRole('button', { name: 'Save' });
        expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    });
});
