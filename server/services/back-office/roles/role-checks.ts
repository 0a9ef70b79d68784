import type { RoleBody, RoleUpdateBody, Role } from '../../../../domain/contracts/roles.js';
import { scopesOverlap } from '../../../../domain/scopePath.js';
import type { Queryable } from '../../../db/client.js';
import { badRequest, conflict, forbidden } from '../../../errors.js';
import { roleDefinitionErrors } from './role-rules.js';
import { assignmentsOf, scopeNodeExists } from './roles-repository.js';

function hasCode(error: unknown, code: string): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === code) return true;
    }
    return false;
}

/** A unique violation (23505) anywhere in the error's causes. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
/** A foreign-key violation (23503) anywhere in the error's causes. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');

export const technicalReadOnly = () =>
    forbidden(
        'NO_PERMISSION',
        "Technical roles are the platform's and cannot be changed or deleted.",
    );

export const duplicateName = (name: string) =>
    conflict('DUPLICATE_ROLE_NAME', `A role named ${name} already exists in this organisation.`, [
        { field: '/body/name', message: 'name is already used' },
    ]);

/** Checks a definition against the rules and the organisation's scope tree (400 naming each fault). */
export async function assertValidDefinition(
    db: Queryable,
    tenantId: string,
    body: RoleBody | RoleUpdateBody,
): Promise<void> {
    const errors = roleDefinitionErrors(tenantId, body);
    if (errors.length === 0 && !(await scopeNodeExists(db, tenantId, body.visibilityPath))) {
        errors.push({
            field: '/body/visibilityPath',
            message: `visibilityPath ${body.visibilityPath} is not a scope of the organisation ${tenantId}`,
        });
    }
    const [first] = errors;
    if (first) throw badRequest(first.message, errors);
}

/**
 * An assigned role keeps what its assignments rely on: it may gain contexts but not lose one,
 * and its visibility path must still overlap every scope it is assigned on. Otherwise 409
 * ROLE_IS_ASSIGNED_TO_USER, naming the field.
 */
export async function assertAssignmentsKept(
    db: Queryable,
    before: Role,
    after: RoleUpdateBody,
): Promise<void> {
    const removedContexts = before.contexts.filter((context) => !after.contexts.includes(context));
    const pathChanged = before.visibilityPath !== after.visibilityPath;
    if (removedContexts.length === 0 && !pathChanged) return;
    const assignments = await assignmentsOf(db, before.id);
    if (assignments.users === 0) return;
    if (removedContexts.length > 0) {
        throw conflict(
            'ROLE_IS_ASSIGNED_TO_USER',
            `The role is assigned to users: the context ${removedContexts.join(', ')} cannot be removed.`,
            [
                {
                    field: '/body/contexts',
                    message: `contexts: ${removedContexts.join(', ')} is used by assigned users`,
                },
            ],
        );
    }
    const outside = assignments.paths.filter((path) => !scopesOverlap(after.visibilityPath, path));
    if (outside.length > 0) {
        throw conflict(
            'ROLE_IS_ASSIGNED_TO_USER',
            'The role is assigned to users on scopes outside the new visibility path.',
            [
                {
                    field: '/body/visibilityPath',
                    message: `visibilityPath would exclude ${outside.length} assigned scope(s)`,
                },
            ],
        );
    }
}
