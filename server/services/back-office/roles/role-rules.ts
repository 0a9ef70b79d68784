import { actionDefinition } from '../../../../domain/actions.js';
import type { RoleContext } from '../../../../domain/enums.js';
import type { ErrorDetail } from '../../../../domain/contracts/common.js';
import {
    ADMIN_ACTION,
    SUPER_ADMIN_ACTION,
    TENANT_ADMIN_ACTION,
} from '../../../../domain/permissions.js';
import { scopeCovers } from '../../../../domain/scopePath.js';
import { fieldRuleMessages, roleNameRule } from '../../../../domain/userRules.js';

/** Contexts an organisation's role may carry (ADMIN belongs to the platform). */
const organisationRoleContexts: readonly RoleContext[] = ['TENANT', 'DEPOT', 'SUBCONTRACTOR'];

/** Markers only the platform grants: never part of an organisation's role. */
const platformOnlyActions: readonly string[] = [
    ADMIN_ACTION,
    SUPER_ADMIN_ACTION,
    TENANT_ADMIN_ACTION,
];

export interface RoleDefinition {
    name: string;
    contexts: readonly string[];
    actions: readonly string[];
    visibilityPath: string;
}

const detail = (field: string, message: string): ErrorDetail => ({
    field: `/body/${field}`,
    message,
});

/**
 * The rules of an organisation's role that need no database (domain §3 Role, issue 5): name,
 * contexts (TENANT, DEPOT, SUBCONTRACTOR; a subcontractor role is not mixed with others),
 * actions (known codes usable in one of the role's contexts, no platform markers, every
 * required code included) and the visibility path (the organisation or a path below it).
 * Answers every broken rule; empty when the definition is valid.
 */
export function roleDefinitionErrors(tenantId: string, role: RoleDefinition): ErrorDetail[] {
    const errors: ErrorDetail[] = [];
    const nameRule = roleNameRule(role.name);
    if (nameRule) errors.push(detail('name', `name ${fieldRuleMessages[nameRule]}`));

    const contexts = role.contexts;
    if (contexts.length === 0)
        errors.push(detail('contexts', 'contexts must name at least one context'));
    if (new Set(contexts).size !== contexts.length)
        errors.push(detail('contexts', 'contexts must not repeat a context'));
    for (const context of contexts) {
        if (!organisationRoleContexts.includes(context as RoleContext))
            errors.push(
                detail(
                    'contexts',
                    `contexts: ${context} is not allowed for an organisation's role`,
                ),
            );
    }
    if (contexts.includes('SUBCONTRACTOR') && contexts.length > 1) {
        errors.push(
            detail(
                'contexts',
                'contexts: SUBCONTRACTOR cannot be combined with other contexts (a subcontractor role is assigned on subcontractor scopes only)',
            ),
        );
    }

    const actions = role.actions;
    if (actions.length === 0)
        errors.push(detail('actions', 'actions must name at least one action'));
    if (new Set(actions).size !== actions.length)
        errors.push(detail('actions', 'actions must not repeat a code'));
    for (const code of actions) {
        const definition = actionDefinition(code);
        if (!definition) {
            errors.push(detail('actions', `actions: ${code} is not a known action`));
        } else if (platformOnlyActions.includes(code)) {
            errors.push(detail('actions', `actions: ${code} is reserved for the platform's roles`));
        } else if (!definition.contexts.some((context) => contexts.includes(context))) {
            errors.push(
                detail(
                    'actions',
                    `actions: ${code} cannot be used in the contexts ${contexts.join(', ') || '(none)'}`,
                ),
            );
        } else {
            for (const required of definition.requires ?? []) {
                if (!actions.includes(required))
                    errors.push(
                        detail(
                            'actions',
                            `actions: ${code} requires ${required}, which is missing`,
                        ),
                    );
            }
        }
    }

    if (role.visibilityPath === '')
        errors.push(
            detail(
                'visibilityPath',
                "visibilityPath must be the organisation or a scope below it (the empty path is for the platform's roles)",
            ),
        );
    else if (!scopeCovers(tenantId, role.visibilityPath))
        errors.push(
            detail('visibilityPath', `visibilityPath must lie in the organisation ${tenantId}`),
        );
    return errors;
}
