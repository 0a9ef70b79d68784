// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RolesAndScopes } from '../../domain/contracts/back-office-users';
import type { ProfileActions } from '../../domain/permissions';
import type { BackOfficeUserRecord } from '../../src/dataProviders/backOfficeUsersDataProvider';
import { AppDialogProvider } from '../../src/layout/dialogs/AppDialogProvider';
import {
    BackOfficeUserDialog,
    type UserDialogMode,
} from '../../src/resources/backoffice/BackOfficeUserDialog';
import { englishI18nProvider, mockScreenWidth } from './controls-fixtures';
import { profile, tenantAdminT1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

const offered: RolesAndScopes = {
    roles: [
        {
            id: 'tenant-std',
            name: 'Standard Access (Tenant)',
            contexts: ['TENANT', 'DEPOT'],
            visibilityPath: '',
            actions: [],
        },
        {
            id: 'ecl-org',
            name: 'ECL Access (Organization)',
            contexts: ['TENANT'],
            visibilityPath: '',
            actions: [],
        },
        {
            id: 'suco-std',
            name: 'Standard Access (SuCo)',
            contexts: ['SUBCONTRACTOR'],
            visibilityPath: '',
            actions: [],
        },
    ],
    scopes: [
        { path: 't1', name: 'Org One', scope: 'TENANT' },
        { path: 't1.DE.g1.d1', name: 'Depot 1', scope: 'DISTRIBUTION_CENTER' },
        { path: 't1.DE.g1.d1.s1', name: 'Sub 1', scope: 'SUBCONTRACTOR' },
    ],
};

const user: BackOfficeUserRecord = {
    id: 'u9',
    type: 'BackofficeManager',
    email: 'bea@example.com',
    firstName: 'Bea',
    lastName: 'Berger',
    mobilePhone: '+4917012345678',
    landLine: null,
    tenantId: 't1',
    wantsSecondScreenNews: false,
    lastLogin: null,
    created: '2025-01-01T00:00:00Z',
    version: 3,
    permissions: [
        {
            id: 'p1',
            roleId: 'tenant-std',
            roleName: 'Standard Access (Tenant)',
            contexts: ['TENANT', 'DEPOT'],
            path: 't1',
            scope: 'TENANT',
            scopeName: 'Org One',
        },
    ],
};

function setUp(
    mode: UserDialogMode,
    options: { editor?: ProfileActions; create?: DataProvider['create'] } = {},
) {
    const calls = {
        getRolesAndScopes: vi.fn(async () => offered),
        updatePermissions: vi.fn(async () => user),
        exportUsers: vi.fn(),
        downloadUsers: vi.fn(),
    };
    const create = vi.fn(
        options.create ??
            (async (_resource: string, params: { data: unknown }) => ({
                data: { id: 'new', ...(params.data as object) },
            })),
    );
    const update = vi.fn(async (_resource: string, params: { data: unknown }) => ({
        data: { id: user.id, ...(params.data as object) },
    }));
    const unused = () => Promise.reject(new Error('unused'));
    const dataProvider = {
        getList: unused,
        getOne: unused,
        getMany: unused,
        getManyReference: unused,
        create,
        update,
        updateMany: unused,
        delete: unused,
        deleteMany: unused,
        ...calls,
    } as unknown as DataProvider;
    const viewer = { ...profileWithSettings(null), actions: options.editor ?? tenantAdminT1 };
    const authProvider = authProviderOf(viewer);
    const onClose = vi.fn();
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
            mode={mode}
            {...(mode === 'create' ? {} : { user })}
            view={{ context: 'tenant', path: 't1' }}
            onClose={onClose}
        />,
        { wrapper: Wrapper },
    );
    return { calls, create, update, onClose };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function chooseOption(label: RegExp, option: RegExp) {
    await userEvent.click(screen.getAllByRole('combobox', { name: label }).at(-1) as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: option }));
    await userEvent.keyboard('{Escape}');
}

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('the user dialog', { timeout: 30_000 }, () => {
    it('edit data: Save stays disabled until a name or phone changes, then sends the data with the version and nulls', async () => {
        const { update, onClose } = setUp('editData');
        const email = await screen.findByRole('textbox', { name: /E-mail address/ });
        expect((email as HTMLInputElement).disabled).toBe(true);
        expect(saveButton()).toHaveProperty('disabled', true);
        await userEvent.clear(field(/Mobile phone/));
        expect(saveButton()).toHaveProperty('disabled', false);
        await userEvent.type(field(/First name/), ' ');
        await userEvent.clear(field(/First name/));
        await userEvent.tab();
        expect(saveButton()).toHaveProperty('disabled', true);
        expect(screen.getByText('Required')).toBeTruthy();
        await userEvent.type(field(/First name/), 'Beatrix{Enter}');
        await waitFor(() => expect(update).toHaveBeenCalled());
        expect(update.mock.calls[0]?.[1].data).toEqual({
            type: 'BackofficeManager',
            firstName: 'Beatrix',
            lastName: 'Berger',
            mobilePhone: null,
            landLine: null,
            wantsSecondScreenNews: false,
            version: 3,
        });
        await waitFor(() => expect(onClose).toHaveBeenCalled());
    });

    it('shows the rule a phone breaks under the field', async () => {
        setUp('editData');
        await userEvent.clear(await screen.findByRole('textbox', { name: /Landline/ }));
        await userEvent.type(field(/Landline/), '+999123456');
        await userEvent.tab();
        expect(screen.getByText('Unknown country calling code')).toBeTruthy();
        expect(saveButton()).toHaveProperty('disabled', true);
    });

    it('create: blocks spaces in the e-mail, offers no Admin type outside the admin view, and sends two permission rows', async () => {
        const { create } = setUp('create');
        await screen.findByRole('group', { name: 'Permission row 1' });
        await userEvent.click(screen.getByRole('combobox', { name: /User type/ }));
        const types = within(screen.getByRole('listbox'))
            .getAllByRole('option')
            .map((option) => option.textContent);
        expect(types).not.toContain('Platform administrator');
        await userEvent.click(await screen.findByRole('option', { name: 'Back-office manager' }));
        await userEvent.type(field(/E-mail address/), '  new user@example.com ');
        expect((field(/E-mail address/) as HTMLInputElement).value).toBe('newuser@example.com');
        await userEvent.type(field(/First name/), 'Nina');
        await userEvent.type(field(/Last name/), 'Neu');
        expect(saveButton()).toHaveProperty('disabled', true);

        // Row 1: Standard Access (Tenant) on the organisation; the subcontractor does not fit the role and is not offered.
        await chooseOption(/Role/, /Standard Access \(Tenant\)/);
        await userEvent.click(
            screen.getAllByRole('combobox', { name: /Scopes/ })[0] as HTMLElement,
        );
        expect(screen.queryByRole('option', { name: /Sub 1/ })).toBeNull();
        await userEvent.click(screen.getByRole('option', { name: /Org One/ }));
        await userEvent.keyboard('{Escape}');
        expect(saveButton()).toHaveProperty('disabled', false);

        // Row 2: the role already used and the subcontractor role are not offered, so the only role left is chosen automatically.
        await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
        const row2 = screen.getByRole('group', { name: 'Permission row 2' });
        await userEvent.click(within(row2).getByRole('combobox', { name: /Role/ }));
        const roleNames = within(screen.getByRole('listbox'))
            .getAllByRole('option')
            .map((option) => option.textContent);
        expect(roleNames).toEqual(['ECL Access (Organization)']);
        await userEvent.keyboard('{Escape}');
        await chooseOption(/Scopes/, /Org One/);
        await userEvent.click(saveButton());
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]?.[1].data).toEqual({
            type: 'BackofficeManager',
            email: 'newuser@example.com',
            firstName: 'Nina',
            lastName: 'Neu',
            mobilePhone: null,
            landLine: null,
            wantsSecondScreenNews: false,
            context: 'tenant',
            path: 't1',
            permissions: {
                addPermissions: [
                    { path: 't1', roleId: 'tenant-std' },
                    { path: 't1', roleId: 'ecl-org' },
                ],
            },
        });
    });

    it('create: a refused save shows the error alert with the server code explained and the e-mail filled in', async () => {
        const create = async () =>
            Promise.reject(
                new HttpError('duplicate', 409, {
                    code: 'DUPLICATE_EMAIL',
                    message: 'duplicate',
                    details: [],
                }),
            );
        setUp('create', { create: create as unknown as DataProvider['create'] });
        await screen.findByRole('group', { name: 'Permission row 1' });
        await userEvent.click(screen.getByRole('combobox', { name: /User type/ }));
        await userEvent.click(await screen.findByRole('option', { name: 'Depot manager' }));
        await userEvent.type(field(/E-mail address/), 'taken@example.com');
        await userEvent.type(field(/First name/), 'Tom');
        await userEvent.type(field(/Last name/), 'Taken');
        await chooseOption(/Role/, /ECL Access \(Organization\)/);
        await chooseOption(/Scopes/, /Org One/);
        await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
        await userEvent.click(saveButton());
        const alert = await screen.findByRole('alertdialog', { name: 'Something went wrong.' });
        expect(
            within(alert).getByText(
                'A user with the e-mail address taken@example.com already exists.',
            ),
        ).toBeTruthy();
    });

    it('edit permissions: disables scopes the editor may not assign, with the reason, and removes in the current context only', async () => {
        const depotManager = profile([['DEPOT'], ['r:bo-user', 'u:bo-user'], 't1.DE.g1.d1']);
        const { calls } = setUp('editPermissions', { editor: depotManager });
        const row1 = await screen.findByRole('group', { name: 'Permission row 1' });
        await userEvent.click(within(row1).getByRole('combobox', { name: /Scopes/ }));
        const org = screen.getByRole('option', { name: /Org One/ });
        expect(org.getAttribute('aria-disabled')).toBe('true');
        expect(org.textContent).toContain('You may not remove permissions here.');
        await userEvent.keyboard('{Escape}');
        expect(saveButton()).toHaveProperty('disabled', true);
        expect(calls.updatePermissions).not.toHaveBeenCalled();
    });

    it('edit permissions: sends the change request of the rows', async () => {
        const { calls } = setUp('editPermissions');
        await screen.findByRole('group', { name: 'Permission row 1' });
        await userEvent.click(screen.getByRole('button', { name: 'Remove permission row 1' }));
        await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
        await chooseOption(/Role/, /ECL Access \(Organization\)/);
        await chooseOption(/Scopes/, /Org One/);
        await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
        await userEvent.click(saveButton());
        await waitFor(() => expect(calls.updatePermissions).toHaveBeenCalled());
        expect(calls.updatePermissions.mock.calls[0]).toEqual([
            {
                id: 'u9',
                context: 'tenant',
                path: 't1',
                permissions: {
                    addPermissions: [{ path: 't1', roleId: 'ecl-org' }],
                    removePermissions: ['p1'],
                },
            },
        ]);
    });
});
