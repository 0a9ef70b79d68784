import type { AppContext } from '../../../domain/enums';
import { backOfficeUserTypes } from '../../../domain/enums';
import type {
    BackOfficeUserType,
    CreateBackOfficeUserBody,
    UpdateBackOfficeUserBody,
} from '../../../domain/contracts/back-office-users';
import type { PermissionChangeRequest } from '../../../domain/contracts/back-office-users';
import {
    emailRule,
    emptyToNull,
    nameRule,
    normaliseEmail,
    phoneRule,
    userDataChanged,
    type FieldRule,
} from '../../../domain/userRules';
import type {
    BackOfficeUserRecord,
    UserView,
} from '../../dataProviders/backOfficeUsersDataProvider';

/** The data panel's values (strings as typed; empty ones are sent as null). */
export interface UserDataValues {
    type: BackOfficeUserType | '';
    email: string;
    firstName: string;
    lastName: string;
    mobilePhone: string;
    landLine: string;
    wantsSecondScreenNews: boolean;
}

export type UserDataField =
    'type' | 'email' | 'firstName' | 'lastName' | 'mobilePhone' | 'landLine';
export type UserDataErrors = Partial<Record<UserDataField, FieldRule>>;

export const emptyUserData: UserDataValues = {
    type: '',
    email: '',
    firstName: '',
    lastName: '',
    mobilePhone: '',
    landLine: '',
    wantsSecondScreenNews: false,
};

export function userDataOf(user: BackOfficeUserRecord): UserDataValues {
    return {
        type: user.type,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        mobilePhone: user.mobilePhone ?? '',
        landLine: user.landLine ?? '',
        wantsSecondScreenNews: user.wantsSecondScreenNews ?? false,
    };
}

/** User types offered in a view: `Admin` only in the admin view. */
export function userTypesFor(context: AppContext): BackOfficeUserType[] {
    return backOfficeUserTypes.filter((type) => type !== 'Admin' || context === 'admin');
}

/** E-mail input: spaces cannot be typed (shell §5); the value is trimmed when sent. */
export function withoutSpaces(value: string): string {
    return value.replace(/\s/g, '');
}

/** The broken rule of each field (domain/userRules.ts); the e-mail only for a new user. */
export function userDataErrors(values: UserDataValues, isNew: boolean): UserDataErrors {
    const errors: UserDataErrors = {};
    const set = (field: UserDataField, rule: FieldRule | null) => {
        if (rule) errors[field] = rule;
    };
    set('type', values.type === '' ? 'required' : null);
    if (isNew) set('email', emailRule(values.email));
    set('firstName', nameRule(values.firstName));
    set('lastName', nameRule(values.lastName));
    set('mobilePhone', phoneRule(values.mobilePhone));
    set('landLine', phoneRule(values.landLine));
    return errors;
}

/**
 * Save is enabled when the data are valid and, for an existing user, first name, last name,
 * mobile or landline changed (shell §5, domain §4).
 */
export function canSaveUserData(values: UserDataValues, original: UserDataValues | null): boolean {
    if (Object.keys(userDataErrors(values, original === null)).length > 0) return false;
    if (original === null) return true;
    return userDataChanged(editable(original), editable(values));
}

const editable = (values: UserDataValues) => ({
    firstName: values.firstName,
    lastName: values.lastName,
    mobilePhone: values.mobilePhone,
    landLine: values.landLine,
});

/** `POST /api/v2/users`: the data (empty strings as null, e-mail trimmed) and the permissions to grant in the view. */
export function createBodyOf(
    values: UserDataValues,
    view: UserView,
    request: PermissionChangeRequest,
): CreateBackOfficeUserBody {
    return {
        type: values.type as BackOfficeUserType,
        email: normaliseEmail(values.email),
        firstName: values.firstName,
        lastName: values.lastName,
        mobilePhone: emptyToNull(values.mobilePhone),
        landLine: emptyToNull(values.landLine),
        wantsSecondScreenNews: values.wantsSecondScreenNews,
        context: view.context,
        ...(view.path ? { path: view.path } : {}),
        permissions: { addPermissions: request.addPermissions },
    };
}

/** `PUT /api/users/{hashId}`: the data without the e-mail, based on `version`. */
export function updateBodyOf(
    values: UserDataValues,
    user: BackOfficeUserRecord,
): UpdateBackOfficeUserBody {
    return {
        type: values.type as BackOfficeUserType,
        firstName: values.firstName,
        lastName: values.lastName,
        mobilePhone: emptyToNull(values.mobilePhone),
        landLine: emptyToNull(values.landLine),
        ...(user.wantsSecondScreenNews === undefined && !values.wantsSecondScreenNews
            ? {}
            : { wantsSecondScreenNews: values.wantsSecondScreenNews }),
        version: user.version,
    };
}
