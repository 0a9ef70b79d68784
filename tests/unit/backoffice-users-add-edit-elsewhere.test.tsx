// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { ListBase, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../domain/enums';
import type { AddEditUserFrom } from '../../domain/tenantConfiguration';
import type { BackOfficeUserRecord } from '../../src/dataProviders/backOfficeUsersDataProvider';
import { BackOfficeUserTable } from '../../src/resources/backoffice/BackOfficeUserTable';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { D1, depotManagerD1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 13 point 12: a depot account manager whose organisation adds and edits users only in
 * the organisation view is told so where the Add and Edit buttons would be.
 */
const anna: BackOfficeUserRecord = {
    id: 'u2',
    type: 'BackofficeManager',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Schmidt',
    mobilePhone: null,
    landLine: null,
    tenantId: 't1',
    wantsSecondScreenNews: false,
    lastLogin: null,
    created: '2025-01-01T00:00:00Z',
    version: 1,
    permissions: [
        {
            id: 'p-u2',
            roleId: 'depot-std',
            roleName: 'Standard Access (Depot)',
            contexts: ['DEPOT'],
            path: D1,
            scope: 'DISTRIBUTION_CENTER',
            scopeName: 'Depot One',
        },
    ],
};

async function renderList(language: Language, setting: AddEditUserFrom) {
    const viewer = { ...profileWithSettings(null), actions: depotManagerD1 };
    const authProvider = authProviderOf(viewer);
    const dataProvider = {
        getList: async () => ({ data: [anna], total: 1 }),
        getRolesAndScopes: async () => ({ roles: [], scopes: [] }),
    } as unknown as DataProvider;
    const Wrapper = i18nWrapper(await realI18nProvider(language), dataProvider, {
        authProvider,
        initialEntry: '/depot/t1/d1/users/backoffice',
    });
    render(
        <Wrapper>
            <ListBase resource="backoffice" disableSyncWithLocation>
                <BackOfficeUserTable
                    view={{ context: 'depot', path: D1 }}
                    addEditUserFrom={setting}
                    timeZone="Europe/Berlin"
                />
            </ListBase>
        </Wrapper>,
    );
}

const slow = { timeout: 10_000 };

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('adding and editing users elsewhere', { timeout: 30_000 }, () => {
    it('English: says that users are added and edited in the organisation view', async () => {
        await renderList('en', 'TENANT');
        expect(
            await screen.findByText(
                'In this organisation, users are added and edited only in the organisation view (setting “Where users may be added and edited”).',
                {},
                slow,
            ),
        ).toBeTruthy();
        expect(await screen.findByText('Schmidt, Anna', {}, slow)).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Edit the data of Anna Schmidt' })).toBeNull();
    });

    it('German: the same in German', async () => {
        await renderList('de', 'TENANT');
        expect(
            await screen.findByText(
                'In dieser Organisation werden Benutzer nur in der Organisationsansicht angelegt und bearbeitet (Einstellung „Wo Benutzer angelegt und bearbeitet werden dürfen“).',
                {},
                slow,
            ),
        ).toBeTruthy();
    });

    it('says nothing when users may be added and edited here', async () => {
        await renderList('en', 'ALL');
        expect(await screen.findByRole('button', { name: 'Add user' }, slow)).toBeTruthy();
        expect(
            await screen.findByRole('button', { name: 'Edit the data of Anna Schmidt' }, slow),
        ).toBeTruthy();
        expect(screen.queryByText(/users are added and edited only/)).toBeNull();
    });
});
