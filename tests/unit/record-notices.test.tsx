// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceDefinitionContextProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../domain/enums';
import type { BackOfficeUserRecord } from '../../src/dataProviders/backOfficeUsersDataProvider';
import { backoffice } from '../../src/resources/backoffice';
import { BackOfficeUserDialog } from '../../src/resources/backoffice/BackOfficeUserDialog';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { tenantAdminT1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/** Issue 13 point 9: saving a back-office user says what happened to whom. */

const user: BackOfficeUserRecord = {
    id: 'u2',
    type: 'BackofficeManager',
    email: 'anna@example.com',
    firstName: 'Anne',
    lastName: 'Schmidt',
    mobilePhone: null,
    landLine: null,
    tenantId: 't1',
    wantsSecondScreenNews: false,
    lastLogin: null,
    created: '2025-01-01T00:00:00Z',
    version: 1,
    permissions: [],
};

async function editFirstName(language: Language) {
    const viewer = { ...profileWithSettings(null), actions: tenantAdminT1 };
    const authProvider = authProviderOf(viewer);
    const update = vi.fn(async (_resource: string, params: { data: object }) => ({
        data: { ...user, ...params.data },
    }));
    const dataProvider = {
        update,
        getRolesAndScopes: async () => ({ roles: [], scopes: [] }),
    } as unknown as DataProvider;
    const Wrapper = i18nWrapper(await realI18nProvider(language), dataProvider, {
        authProvider,
        initialEntry: '/tenant/t1/users/backoffice',
    });
    render(
        <Wrapper>
            <ResourceDefinitionContextProvider
                definitions={{
                    backoffice: {
                        name: 'backoffice',
                        recordRepresentation: backoffice.recordRepresentation,
                    },
                }}
            >
                <BackOfficeUserDialog
                    open
                    mode="editData"
                    user={user}
                    view={{ context: 'tenant', path: 't1' }}
                    onClose={() => undefined}
                />
            </ResourceDefinitionContextProvider>
        </Wrapper>,
    );
    const firstName = await screen.findByRole('textbox', { name: /^(First name|Vorname)/ }, slow);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Anna{Enter}');
    return update;
}

const slow = { timeout: 10_000 };

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('record notices', { timeout: 30_000 }, () => {
    it('English: "User Anna Schmidt updated" after saving the user\'s data', async () => {
        const update = await editFirstName('en');
        expect(await screen.findByText('User Anna Schmidt updated', {}, slow)).toBeTruthy();
        expect(update).toHaveBeenCalledOnce();
    });

    it('German: "Benutzer Anna Schmidt geändert"', async () => {
        await editFirstName('de');
        expect(await screen.findByText('Benutzer Anna Schmidt geändert', {}, slow)).toBeTruthy();
    });
});
