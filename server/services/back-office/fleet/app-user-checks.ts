import type { FastifyRequest } from 'fastify';
import type { DriverType } from '../../../../domain/contracts/fleet.js';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../../../domain/roles.js';
import { emailRule, type FieldRule } from '../../../../domain/userRules.js';
import { assertAction } from '../../../access/route-access.js';
import type { ScopeSet } from '../../../access/scopes.js';
import type { Queryable } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { isUniqueViolation } from '../../../shared/field-rules.js';
import type { takenValues } from './app-user-checks-repository.js';
import { findSubcontractor } from './subcontractors-repository.js';

/** The app-account role each kind of account holds on its subcontractor. */
export const roleOf: Record<DriverType, string> = {
    DRIVER: DRIVER_ROLE_ID,
    TEMP_DRIVER: TEMP_DRIVER_ROLE_ID,
};

const union = (a: ScopeSet, b: ScopeSet): ScopeSet =>
    a === 'ALL' || b === 'ALL' ? 'ALL' : [...new Set([...a, ...b])];

type Taken = Awaited<ReturnType<typeof takenValues>>;

/** 409 for the first value another user holds (username, e-mail, phone), naming every one. */
export function assertNotTaken(taken: Taken): void {
    const fields = (['username', 'email', 'mobilePhone'] as const).filter((field) => taken[field]);
    const [first] = fields;
    if (!first) return;
    const code = {
        username: 'DUPLICATE_USERNAME',
        email: 'DUPLICATE_EMAIL',
        mobilePhone: 'DUPLICATE_PHONE_NUMBER',
    }[first];
    throw conflict(
        code,
        `Another user already has this ${first === 'mobilePhone' ? 'phone number' : first === 'email' ? 'e-mail address' : 'username'}.`,
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field} is already used by another user`,
        })),
    );
}

/** The 409 of a unique index (of `fields`) hit by a concurrent write; undefined for any other error. */
export function duplicateOnWrite(
    error: unknown,
    fields: readonly ('username' | 'email')[] = ['username', 'email'],
) {
    if (fields.includes('username') && isUniqueViolation(error, 'users_username_key'))
        return conflict('DUPLICATE_USERNAME', 'Another user already has this username.', [
            { field: '/body/username', message: 'username is already used by another user' },
        ]);
    if (fields.includes('email') && isUniqueViolation(error, 'users_email_key'))
        return conflict('DUPLICATE_EMAIL', 'Another user already has this e-mail address.', [
            { field: '/body/email', message: 'email is already used by another user' },
        ]);
    return undefined;
}

/** The e-mail rule of driver accounts: required under the ITALIAN username rule (it is the login), else optional. */
export function driverEmailRule(email: string | null, needsEmail: boolean): FieldRule | null {
    if (email === null) return needsEmail ? 'required' : null;
    return emailRule(email);
}

/**
 * A subcontractor the caller may put accounts of `driverType` on: visible to them (r:suco or the
 * write code) and with `code` granted at its path (403 otherwise); 404 like an unknown one when
 * not visible.
 */
export async function targetSubcontractor(
    request: FastifyRequest,
    db: Queryable,
    subcontractorId: string,
    code: string,
) {
    const { actions } = request.caller;
    const visible = union(grantedScopes(actions, 'r:suco', 'depot'), request.access.scopes);
    const suco = await findSubcontractor(db, visible, subcontractorId);
    if (!suco) throw notFound(`Subcontractor ${subcontractorId}`);
    assertAction(actions, code, { context: 'depot', path: suco.scopePath });
    return suco;
}

export const vehicleNotOfSubcontractor = () =>
    badRequest('vehicleId must be a vehicle of the account’s subcontractor.', [
        { field: '/body/vehicleId', message: 'vehicleId must be a vehicle of the subcontractor' },
    ]);
