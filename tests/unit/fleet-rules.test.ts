import { describe, expect, it } from 'vitest';
import { mayAddEditUsersIn } from '../../domain/tenantConfiguration';
import { previousMonth, isSelectableMonth } from '../../src/customRoutes/appLicenses/licenceMonth';
import {
    appUserQueryOf,
    createAppUserBody,
    updateAppUserBody,
} from '../../src/dataProviders/appUsersDataProvider';
import {
    courierAccountLimit,
    maskPhone,
    validateAppUser,
} from '../../src/resources/app-accounts/appUserRules';
import {
    validateSubcontractor,
    validateVehicle,
} from '../../src/resources/subcontractor/subcontractorRules';

const valid = {
    username: 'AB1234',
    firstName: 'Anna',
    lastName: 'Berg',
    mobilePhone: '+4915112345678',
    subcontractorId: 's1',
};

describe('app account form', () => {
    it('accepts a complete account', () => {
        expect(validateAppUser(valid, { rule: 'DEFAULT', isCreate: true })).toEqual({});
    });

    it("checks the username by the organisation's rule with its maximum length, on create only", () => {
        expect(
            validateAppUser({ ...valid, username: 'ab' }, { rule: 'DEFAULT', isCreate: true })
                .username?.message,
        ).toBe('app.validation.usernameFormat');
        expect(
            validateAppUser({ ...valid, username: '1234567' }, { rule: 'DIGITS_6', isCreate: true })
                .username,
        ).toEqual({ message: 'app.validation.tooLong', args: { maxLength: 6 } });
        expect(
            validateAppUser({ ...valid, username: '' }, { rule: 'DEFAULT', isCreate: false })
                .username,
        ).toBeUndefined();
    });

    it('requires the e-mail for the Italian rule only, and checks it whenever given', () => {
        expect(
            validateAppUser({ ...valid, username: 'AB12' }, { rule: 'ITALIAN', isCreate: true })
                .email?.message,
        ).toBe('app.validation.required');
        expect(
            validateAppUser(
                { ...valid, username: 'AB12', email: 'a@b.it' },
                { rule: 'ITALIAN', isCreate: true },
            ),
        ).toEqual({});
        expect(
            validateAppUser({ ...valid, email: '' }, { rule: 'DEFAULT', isCreate: true }).email,
        ).toBeUndefined();
        expect(
            validateAppUser({ ...valid, email: 'a b@c.de' }, { rule: 'DEFAULT', isCreate: true })
                .email?.message,
        ).toBe('app.validation.noSpaces');
    });

    it('requires names, an international mobile without spaces and a subcontractor', () => {
        const errors = validateAppUser(
            {
                ...valid,
                firstName: ' a ',
                lastName: '',
                mobilePhone: '+49 151 1234',
                subcontractorId: '',
            },
            { rule: 'DEFAULT', isCreate: true },
        );
        expect(
            Object.fromEntries(
                Object.entries(errors).map(([field, error]) => [field, error.message]),
            ),
        ).toEqual({
            firstName: 'app.validation.tooShort',
            lastName: 'app.validation.required',
            mobilePhone: 'app.validation.noSpaces',
            subcontractorId: 'app.validation.required',
        });
        expect(
            validateAppUser(
                { ...valid, mobilePhone: '+491511234567890' },
                { rule: 'DEFAULT', isCreate: true },
            ).mobilePhone?.message,
        ).toBe('app.validation.tooLong');
    });
});

describe('courier account limit', () => {
    it('is reached at the maximum, counting every account', () => {
        expect(courierAccountLimit(1, 2)).toEqual({ count: 1, max: 2, reached: false });
        expect(courierAccountLimit(2, 2).reached).toBe(true);
        expect(courierAccountLimit(3, 2).reached).toBe(true);
        expect(courierAccountLimit(undefined, 20)).toEqual({ count: 0, max: 20, reached: false });
        expect(courierAccountLimit(0, 0).reached).toBe(true);
    });

    it('follows addEditUserFrom per view; the admin view always edits', () => {
        expect(mayAddEditUsersIn('depot', 'DEPOT')).toBe(true);
        expect(mayAddEditUsersIn('depot', 'TENANT')).toBe(false);
        expect(mayAddEditUsersIn('tenant', 'TENANT')).toBe(true);
        expect(mayAddEditUsersIn('tenant', 'DEPOT')).toBe(false);
        expect(mayAddEditUsersIn('tenant', 'ALL')).toBe(true);
        expect(mayAddEditUsersIn('admin', 'DEPOT')).toBe(true);
    });

    it('masks the last digits of a mobile when the organisation asks', () => {
        expect(maskPhone('+4915112345678', true)).toBe('+4915112345•••');
        expect(maskPhone('+4915112345678', false)).toBe('+4915112345678');
        expect(maskPhone(null, true)).toBe('');
    });
});

describe('subcontractor and vehicle forms', () => {
    it('require a name; the ID is optional on create and letters, digits, - and _ only', () => {
        expect(validateSubcontractor({ name: 'Kurier Nord', code: '' }, true)).toEqual({});
        expect(validateSubcontractor({ name: ' ', code: 'a b' }, true)).toMatchObject({
            name: { message: 'app.validation.required' },
            code: { message: 'app.validation.subcontractorCodeFormat' },
        });
        expect(validateSubcontractor({ name: 'X', code: '' }, false).code?.message).toBe(
            'app.validation.required',
        );
    });

    it('require a vehicle number of exactly 4 digits', () => {
        expect(validateVehicle({ number: '0042' })).toEqual({});
        expect(validateVehicle({ number: '42' }).number?.message).toBe(
            'app.validation.vehicleNumberFormat',
        );
        expect(validateVehicle({ number: '' }).number?.message).toBe('app.validation.required');
    });
});

describe('app accounts data provider', () => {
    it('builds the 0-based query with the resource driver type and drops empty values', () => {
        const query = appUserQueryOf('tempDrivers', {
            filter: { path: 't1.DE.g1.d1', q: '', active: 'false' },
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'lastName', order: 'DESC' },
        });
        expect(query).toEqual({
            path: 't1.DE.g1.d1',
            driverType: 'TEMP_DRIVER',
            active: 'false',
            page: '1',
            size: '25',
            sort: 'lastName,desc',
        });
        expect(
            appUserQueryOf('app-accounts', {
                filter: { path: 't1', depotPath: 't1.DE.g1.d2', driverType: 'DRIVER' },
                pagination: { page: 1, perPage: 50 },
                sort: { field: 'username', order: 'ASC' },
            }),
        ).toEqual({
            path: 't1.DE.g1.d2',
            driverType: 'DRIVER',
            page: '0',
            size: '50',
            sort: 'username,asc',
        });
    });

    it('sends empty strings as null and drops the vehicle when the account moves', () => {
        expect(createAppUserBody({ ...valid, email: ' ', vehicleId: '' })).toMatchObject({
            email: null,
            vehicleId: null,
            username: 'AB1234',
        });
        const previous = { subcontractorId: 's1', vehicleId: 'v1', version: 3 };
        expect(
            updateAppUserBody({ ...valid, vehicleId: 'v1', version: 3 }, previous),
        ).toMatchObject({ subcontractorId: 's1', vehicleId: 'v1', version: 3 });
        expect(
            updateAppUserBody(
                { ...valid, subcontractorId: 's2', vehicleId: 'v1', version: 3 },
                previous,
            ),
        ).toMatchObject({ subcontractorId: 's2', vehicleId: null });
    });
});

describe('licence month', () => {
    it('defaults to the previous calendar month and refuses later ones', () => {
        expect(previousMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
        expect(previousMonth(new Date('2026-03-31T23:00:00Z'))).toBe('2026-02');
        expect(isSelectableMonth('2026-02', '2026-02')).toBe(true);
        expect(isSelectableMonth('2026-03', '2026-02')).toBe(false);
        expect(isSelectableMonth('2026-13', '2027-02')).toBe(false);
    });
});
