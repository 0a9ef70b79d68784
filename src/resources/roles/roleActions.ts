import { actionCatalogue, actionDefinition } from '../../../domain/actions';
import type { RoleContext } from '../../../domain/enums';
import type { Role, RoleBody, RoleUpdateBody } from '../../../domain/contracts/roles';
import type { ScopeNode } from '../../../domain/contracts/scopes';

/** Contexts an organisation's role may carry; a subcontractor role has no other context. */
export const organisationRoleContexts = [
    'TENANT',
    'DEPOT',
    'SUBCONTRACTOR',
] as const satisfies readonly RoleContext[];

/** Codes only the platform's roles hold. */
const platformOnly = new Set(['admin', 'super-admin', 'tenant-admin']);

/** Areas the action catalogue is shown in (`app.actionGroups.<group>`), in display order. */
export const actionGroups = [
    'platform',
    'tours',
    'devices',
    'subcontractors',
    'users',
    'places',
    'organisation',
    'reports',
    'roles',
] as const;
export type ActionGroup = (typeof actionGroups)[number];

const groupByCode: Record<string, ActionGroup> = {
    admin: 'platform',
    'super-admin': 'platform',
    'tenant-admin': 'platform',
    'r:device': 'devices',
    'r:device-service': 'devices',
    'c:device-service': 'devices',
    'r:upload-jobs': 'devices',
    'r:health-status': 'devices',
    'r:suco': 'subcontractors',
    'c:suco': 'subcontractors',
    'u:suco': 'subcontractors',
    'd:suco': 'subcontractors',
    'r:driver': 'subcontractors',
    'c:driver': 'subcontractors',
    'u:driver': 'subcontractors',
    'd:driver': 'subcontractors',
    'r:better-planner': 'places',
    'r:address-location-correction': 'places',
    'r:tenant-dcs': 'organisation',
    'r:parcel-finder': 'organisation',
    'r:depot-mgmt-list': 'organisation',
    'c:depot': 'organisation',
    'u:depot': 'organisation',
    'r:api-access-management': 'organisation',
    'w:api-access-management': 'organisation',
    'r:app-user-licences': 'organisation',
    'r:dgw-pages': 'organisation',
    'r:role': 'roles',
    'c:role': 'roles',
    'u:role': 'roles',
    'd:role': 'roles',
};

/** The area of a code: tours unless listed (live status, daily activities, tour views). */
export function actionGroupOf(code: string): ActionGroup {
    const listed = groupByCode[code];
    if (listed) return listed;
    if (code.endsWith('-reports')) return 'reports';
    if (/bo-user|temp-driver|-user$|permission$/.test(code)) return 'users';
    return 'tours';
}

/** Position of each code in the catalogue; codes it does not know come last. */
const catalogueIndex = new Map(actionCatalogue.map((action, index) => [action.code, index]));
const catalogueOrder = (a: string, b: string) =>
    (catalogueIndex.get(a) ?? catalogueIndex.size) - (catalogueIndex.get(b) ?? catalogueIndex.size);

/** Codes grouped by area, areas and codes in catalogue order (whatever order they came in); empty groups are left out. */
export function groupActions(codes: readonly string[]): { group: ActionGroup; codes: string[] }[] {
    const ordered = [...codes].sort(catalogueOrder);
    return actionGroups
        .map((group) => ({ group, codes: ordered.filter((code) => actionGroupOf(code) === group) }))
        .filter((entry) => entry.codes.length > 0);
}

/** Codes an organisation's role with these contexts may hold, in catalogue order. */
export function assignableActions(contexts: readonly string[]): string[] {
    return actionCatalogue
        .filter(
            (action) =>
                !platformOnly.has(action.code) &&
                action.contexts.some((context) => contexts.includes(context)),
        )
        .map((action) => action.code);
}

/** Checks `code` and, transitively, every code it requires. */
export function checkAction(selected: readonly string[], code: string): string[] {
    const result = new Set(selected);
    const visit = (next: string) => {
        result.add(next);
        for (const required of actionDefinition(next)?.requires ?? [])
            if (!result.has(required)) visit(required);
    };
    visit(code);
    return actionCatalogue
        .map((action) => action.code)
        .filter((candidate) => result.has(candidate));
}

/** Unchecks `code` and, transitively, every checked code that requires it. */
export function uncheckAction(selected: readonly string[], code: string): string[] {
    const removed = new Set([code]);
    let grown = true;
    while (grown) {
        grown = false;
        for (const candidate of selected) {
            if (removed.has(candidate)) continue;
            if (
                (actionDefinition(candidate)?.requires ?? []).some((required) =>
                    removed.has(required),
                )
            ) {
                removed.add(candidate);
                grown = true;
            }
        }
    }
    return selected.filter((candidate) => !removed.has(candidate));
}

/** Keeps only codes usable with the contexts (after a context was unchecked), then drops those whose requirement went. */
export function actionsForContexts(
    selected: readonly string[],
    contexts: readonly string[],
): string[] {
    const allowed = new Set(assignableActions(contexts));
    let kept = selected.filter((code) => allowed.has(code));
    for (const code of selected) if (!allowed.has(code)) kept = uncheckAction(kept, code);
    return kept;
}

/** Contexts after a click: SUBCONTRACTOR stands alone (choosing it clears the others and the reverse). */
export function toggleContext(
    contexts: readonly string[],
    context: string,
    checked: boolean,
): string[] {
    if (!checked) return contexts.filter((candidate) => candidate !== context);
    if (context === 'SUBCONTRACTOR') return ['SUBCONTRACTOR'];
    return organisationRoleContexts.filter(
        (candidate) =>
            candidate !== 'SUBCONTRACTOR' &&
            (candidate === context || contexts.includes(candidate)),
    );
}

/** What the form sends: `POST` (with the organisation) and `PUT` (with the version) take only the definition. */
export function roleBodyOf(record: Partial<Role>, tenantId: string): RoleBody {
    return {
        tenantId,
        name: (record.name ?? '').trim(),
        contexts: [...(record.contexts ?? [])],
        actions: [...(record.actions ?? [])],
        visibilityPath: record.visibilityPath ?? tenantId,
    };
}

export function roleUpdateBodyOf(record: Partial<Role>): RoleUpdateBody {
    return {
        name: (record.name ?? '').trim(),
        contexts: [...(record.contexts ?? [])],
        actions: [...(record.actions ?? [])],
        visibilityPath: record.visibilityPath ?? '',
        version: record.version ?? 0,
    };
}

export interface ScopeChoice {
    id: string;
    name: string;
    /** Depth below the organisation (0 = the organisation), for indentation. */
    depth: number;
}

const SEPARATOR = ' → ';

/** The organisation's scope tree as a flat, ordered list of choices, each named by its path of names (shell §9: arrow separator). */
export function scopeChoices(tree: ScopeNode | undefined, tenantId: string): ScopeChoice[] {
    if (!tree) return [];
    const start =
        tree.path === tenantId ? tree : tree.children.find((child) => child.path === tenantId);
    if (!start) return [];
    const choices: ScopeChoice[] = [];
    const walk = (node: ScopeNode, names: string[], depth: number) => {
        const path = [...names, node.name];
        choices.push({ id: node.path, name: path.join(SEPARATOR), depth });
        for (const child of node.children) walk(child, path, depth + 1);
    };
    walk(start, [], 0);
    return choices;
}
