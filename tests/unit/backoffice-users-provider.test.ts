import { describe, expect, it, vi } from 'vitest';
import {
    createBackOfficeUsersDataProvider,
    fileNameOf,
    listQueryOf,
} from '../../src/dataProviders/backOfficeUsersDataProvider';
import type { HttpClient } from '../../src/dataProviders/httpClient';
import { mayAddEditUsersIn, usersAddedAndEditedIn } from '../../domain/tenantConfiguration';
import { userListAccess } from '../../src/resources/backoffice/userAccess';
import {
    canSaveUserData,
    userDataErrors,
    type UserDataValues,
} from '../../src/resources/backoffice/userDataForm';
import { admin, depotManagerD1, D1, profile, tenantAdminT1 } from './permission-fixtures';

function client(
    json: unknown = { content: [], totalElements: 0, totalPages: 0, size: 25, number: 0 },
) {
    const calls: { url: string; options?: RequestInit }[] = [];
    const httpClient: HttpClient = async (url, options) => {
        calls.push({ url, ...(options ? { options } : {}) });
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    };
    return { httpClient, calls };
}

describe('the backoffice data provider', () => {
    it('lists with the view, 0-based pages, field,direction sort and no empty parameters', async () => {
        const { httpClient, calls } = client();
        const provider = createBackOfficeUsersDataProvider('/api', httpClient);
        await provider.getList('backoffice', {
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'email', order: 'DESC' },
            filter: { q: 'ann', type: '' },
            meta: { context: 'depot', path: D1 },
        });
        const url = new URL(calls[0]?.url ?? '', 'http://x');
        expect(url.pathname).toBe('/api/v2/users');
        expect(Object.fromEntries(url.searchParams)).toEqual({
            context: 'depot',
            path: D1,
            search: 'ann',
            page: '1',
            size: '25',
            sort: 'email,desc',
        });
    });

    it('deletes one or many users in one call with their ids', async () => {
        const { httpClient, calls } = client({ ids: ['a', 'b'] });
        const provider = createBackOfficeUsersDataProvider('/api', httpClient);
        expect((await provider.deleteMany('backoffice', { ids: ['a', 'b'] })).data).toEqual([
            'a',
            'b',
        ]);
        expect(calls[0]).toMatchObject({
            url: '/api/v2/users',
            options: { method: 'DELETE', body: JSON.stringify({ ids: ['a', 'b'] }) },
        });
    });

    it('downloads the filtered list without paging, and names the file from content-disposition', async () => {
        const fetchFile = vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'users.xlsx' }));
        const provider = createBackOfficeUsersDataProvider('/api', client().httpClient, fetchFile);
        await provider.downloadUsers(
            'xlsx',
            listQueryOf({
                pagination: { page: 3, perPage: 25 },
                sort: { field: 'lastName', order: 'ASC' },
                filter: { roleId: 'r1' },
                meta: { context: 'tenant', path: 't1' },
            }),
        );
        expect(fetchFile).toHaveBeenCalledWith(
            '/api/v2/users/download?format=xlsx&context=tenant&path=t1&roleId=r1&sort=lastName%2Casc',
        );
        expect(fileNameOf('attachment; filename="users 2026.csv"', 'x')).toBe('users 2026.csv');
        expect(
            fileNameOf("attachment; filename=a.csv; filename*=UTF-8''Benutzer%C3%BC.csv", 'x'),
        ).toBe('Benutzerü.csv');
        expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
    });
});

describe('what the list offers', () => {
    it('follows the organisation setting for adding and editing, never in the admin view', () => {
        expect(mayAddEditUsersIn('tenant', 'DEPOT')).toBe(false);
        expect(mayAddEditUsersIn('depot', 'DEPOT')).toBe(true);
        expect(mayAddEditUsersIn('tenant', 'TENANT')).toBe(true);
        expect(mayAddEditUsersIn('depot', 'TENANT')).toBe(false);
        expect(mayAddEditUsersIn('admin', 'TENANT')).toBe(true);
        expect(mayAddEditUsersIn('depot', 'ALL')).toBe(true);
        expect(mayAddEditUsersIn('depot', undefined)).toBe(true);
    });

    it('names the view where users are added and edited when it is not this one (issue 13 point 12)', () => {
        expect(usersAddedAndEditedIn('depot', 'TENANT')).toBe('TENANT');
        expect(usersAddedAndEditedIn('tenant', 'DEPOT')).toBe('DEPOT');
        expect(usersAddedAndEditedIn('depot', 'DEPOT')).toBeUndefined();
        expect(usersAddedAndEditedIn('tenant', 'ALL')).toBeUndefined();
        expect(usersAddedAndEditedIn('admin', 'DEPOT')).toBeUndefined();
    });

    it('needs c:, u: and d:bo-user under the view', () => {
        expect(userListAccess(depotManagerD1, { context: 'depot', path: D1 }, 'ALL')).toEqual({
            add: true,
            editData: true,
            editPermissions: true,
            delete: true,
        });
        expect(userListAccess(depotManagerD1, { context: 'depot', path: D1 }, 'TENANT')).toEqual({
            addEditElsewhere: 'TENANT',
            add: false,
            editData: false,
            editPermissions: false,
            delete: true,
        });
        const reader = profile([['DEPOT'], ['r:bo-user'], D1]);
        expect(userListAccess(reader, { context: 'depot', path: D1 }, 'ALL')).toEqual({
            add: false,
            editData: false,
            editPermissions: false,
            delete: false,
        });
        expect(userListAccess(tenantAdminT1, { context: 'tenant', path: 't1' }, 'ALL').add).toBe(
            true,
        );
        expect(userListAccess(admin, { context: 'admin' }, undefined).delete).toBe(true);
    });
});

describe('the data panel rules', () => {
    const values: UserDataValues = {
        type: 'BackofficeManager',
        email: 'a@b.de',
        firstName: 'Al',
        lastName: 'Bo',
        mobilePhone: '',
        landLine: '',
        wantsSecondScreenNews: false,
    };
    it('checks the e-mail of new users only and enables Save for a change of names or phones', () => {
        expect(userDataErrors({ ...values, email: 'nope' }, true)).toEqual({
            email: 'emailFormat',
        });
        expect(userDataErrors({ ...values, email: 'nope' }, false)).toEqual({});
        expect(userDataErrors({ ...values, type: '', firstName: ' a ' }, true)).toEqual({
            type: 'required',
            firstName: 'tooShort',
        });
        expect(canSaveUserData(values, values)).toBe(false);
        expect(canSaveUserData({ ...values, wantsSecondScreenNews: true }, values)).toBe(false);
        expect(canSaveUserData({ ...values, landLine: '+4930123456' }, values)).toBe(true);
        expect(canSaveUserData({ ...values, landLine: '+49 30' }, values)).toBe(false);
        expect(canSaveUserData(values, null)).toBe(true);
    });
});
