import type { ErrorDetail } from '../../../../domain/contracts/common.js';
import {
    permissionViolationDetails,
    validatePermissionChange,
} from '../../../../domain/permissionEditing.js';
import type { PermissionEditing } from '../../../../domain/permissionRows.js';
import type { PermissionChangeRequest } from '../../../../domain/contracts/back-office-users.js';
import { scopeCovers } from '../../../../domain/scopePath.js';
import {
    emailRule,
    emptyToNull,
    fieldRuleMessages,
    nameRule,
    phoneRule,
    type FieldRule,
} from '../../../../domain/userRules.js';
import { badRequest } from '../../../errors.js';
import type { View } from './access.js';

export interface UserData {
    firstName: string;
    lastName: string;
    mobilePhone: string | null;
    landLine: string | null;
}

/** The data as stored: names as typed, empty phones as null. */
export function normaliseData<T extends UserData>(body: T): UserData {
    return {
        firstName: body.firstName,
        lastName: body.lastName,
        mobilePhone: emptyToNull(body.mobilePhone),
        landLine: emptyToNull(body.landLine),
    };
}

/** 400 BAD_REQUEST naming every field whose rule is broken (domain/userRules.ts). */
function assertFields(fields: Record<string, FieldRule | null>): void {
    const details: ErrorDetail[] = Object.entries(fields).flatMap(([name, rule]) =>
        rule ? [{ field: `/body/${name}`, message: `${name} ${fieldRuleMessages[rule]}` }] : [],
    );
    if (details.length > 0)
        throw badRequest(details.map((detail) => detail.message).join('; '), details);
}

export function assertUserData(data: UserData, email?: string): void {
    assertFields({
        ...(email === undefined ? {} : { email: emailRule(email) }),
        firstName: nameRule(data.firstName),
        lastName: nameRule(data.lastName),
        mobilePhone: phoneRule(data.mobilePhone),
        landLine: phoneRule(data.landLine),
    });
}

/** Additions must lie under the view's path ('' = all tenants, in the tenant context only). */
function outsideView(view: View, request: PermissionChangeRequest): ErrorDetail[] {
    return request.addPermissions.flatMap(({ path }, index) =>
        scopeCovers(view.path, path) || (view.context === 'tenant' && path === '')
            ? []
            : [
                  {
                      field: `/body/permissions/addPermissions/${index}`,
                      message: `SCOPE_OUTSIDE_VIEW: the scope '${path}' is not under the view ${view.path}.`,
                  },
              ],
    );
}

/** 400 with `permissionViolationDetails` when the change breaks a permission rule or leaves the view. */
export function assertPermissionChange(
    editing: PermissionEditing,
    view: View,
    request: PermissionChangeRequest,
): void {
    const details = [
        ...permissionViolationDetails(validatePermissionChange(editing, request)),
        ...outsideView(view, request),
    ];
    if (details.length > 0)
        throw badRequest(
            `The permissions are not valid: ${details.map((detail) => detail.message).join('; ')}`,
            details,
        );
}
