import type { ScopeNode } from '../../../domain/contracts/scopes.js';
import {
    joinScopePath,
    scopeCovers,
    scopesOverlap,
    splitScopePath,
} from '../../../domain/scopePath.js';
import type { Queryable } from '../../db/client.js';
import { referenceData, type ReferenceData } from '../../db/reference-data.js';

/** Levels below the root, in depth order; `level` of GET /scopes counts them (5 = down to subcontractors). */
type Level = 'TENANT' | 'COUNTRY' | 'GROUP' | 'DISTRIBUTION_CENTER' | 'SUBCONTRACTOR';

function node(
    scope: Level,
    id: string,
    name: string,
    path: string,
    extra: Partial<ScopeNode> = {},
): ScopeNode {
    return { id, scope, name, path, children: [], ...extra };
}

/** Finds or creates the child with `path` under `parent`. */
function child(parent: ScopeNode, make: () => ScopeNode, path: string): ScopeNode {
    const existing = parent.children.find((candidate) => candidate.path === path);
    if (existing) return existing;
    const created = make();
    parent.children.push(created);
    return created;
}

type DepotRow = ReferenceData['depotById'] extends ReadonlyMap<string, infer Row> ? Row : never;
type SubcontractorRow =
    ReferenceData['subcontractorById'] extends ReadonlyMap<string, infer Row> ? Row : never;

interface TreeOrder {
    /** By region name, then external depot id (numerically). */
    depots: { depot: DepotRow; groupName: string }[];
    /** By name. */
    subcontractors: SubcontractorRow[];
}

const treeOrders = new WeakMap<ReferenceData, TreeOrder>();

/** Depots and subcontractors in the tree's order, sorted once per copy of the master data. */
function treeOrderOf(data: ReferenceData): TreeOrder {
    const known = treeOrders.get(data);
    if (known) return known;
    const byText = new Intl.Collator(undefined);
    const numeric = new Intl.Collator(undefined, { numeric: true });
    const order: TreeOrder = {
        depots: [...data.depotById.values()]
            .map((depot) => ({
                depot,
                groupName: data.depotGroupById.get(depot.groupId)?.name ?? depot.groupId,
            }))
            .sort(
                (a, b) =>
                    byText.compare(a.groupName, b.groupName) ||
                    numeric.compare(a.depot.externalDepotId, b.depot.externalDepotId),
            ),
        subcontractors: [...data.subcontractorById.values()].sort((a, b) =>
            byText.compare(a.name, b.name),
        ),
    };
    treeOrders.set(data, order);
    return order;
}

/**
 * The scope tree (tenant > country > group > depot > subcontractor) limited to what overlaps
 * the caller's scopes: ancestors of their scopes (to show where they sit) and everything below.
 */
export async function buildScopeTree(
    db: Queryable,
    visible: 'ALL' | string[],
    level: number,
): Promise<ScopeNode> {
    const tenantFilter =
        visible === 'ALL'
            ? undefined
            : [...new Set(visible.map((path) => splitScopePath(path)[0] ?? ''))];
    const data = await referenceData(db);
    const inTenants = (path: string) =>
        tenantFilter === undefined || tenantFilter.some((tenant) => scopeCovers(tenant, path));
    const tenantRows = data.tenants;
    const order = treeOrderOf(data);
    const depotRows = order.depots.filter(({ depot }) => inTenants(depot.scopePath));
    const sucoRows =
        level >= 5 ? order.subcontractors.filter((suco) => inTenants(suco.scopePath)) : [];
    const sees = (path: string) =>
        visible === 'ALL' || visible.some((scope) => scopesOverlap(scope, path));
    const root: ScopeNode = { id: 'ADMIN', scope: 'ADMIN', name: 'ADMIN', path: '', children: [] };
    const byTenant = new Map<string, ScopeNode>();
    for (const tenant of tenantRows) {
        if (!sees(tenant.id)) continue;
        const tenantNode = node('TENANT', tenant.id, tenant.name, tenant.id, {
            countryCode: tenant.countryCode,
            timeZone: tenant.timeZone,
        });
        byTenant.set(tenant.id, tenantNode);
        root.children.push(tenantNode);
    }
    const depotNodes = new Map<string, ScopeNode>();
    for (const { depot, groupName } of depotRows) {
        const tenantNode = byTenant.get(depot.tenantId);
        if (!tenantNode || level < 2 || !sees(depot.scopePath)) continue;
        const countryPath = joinScopePath([depot.tenantId, depot.countryCode]);
        const country = child(
            tenantNode,
            () =>
                node('COUNTRY', depot.countryCode, depot.countryCode, countryPath, {
                    tenant: { id: depot.tenantId },
                }),
            countryPath,
        );
        if (level < 3) continue;
        const groupPath = joinScopePath([countryPath, depot.groupId]);
        const group = child(
            country,
            () =>
                node('GROUP', depot.groupId, groupName, groupPath, {
                    tenant: { id: depot.tenantId },
                    countryCode: depot.countryCode,
                }),
            groupPath,
        );
        if (level < 4) continue;
        const depotNode = node(
            'DISTRIBUTION_CENTER',
            depot.internalDepotId,
            depot.name,
            depot.scopePath,
            {
                tenant: { id: depot.tenantId },
                group: { id: depot.groupId },
                countryCode: depot.countryCode,
                timeZone: depot.timeZone,
                address: [
                    `${depot.street} ${depot.houseNo ?? ''}`.trim(),
                    `${depot.postcode} ${depot.locality}`,
                ].join(', '),
                externalDepotId: depot.externalDepotId,
                internalDepotId: depot.internalDepotId,
            },
        );
        group.children.push(depotNode);
        depotNodes.set(depot.internalDepotId, depotNode);
    }
    for (const suco of sucoRows) {
        const depotNode = depotNodes.get(suco.depotId);
        if (depotNode && sees(suco.scopePath))
            depotNode.children.push(
                node('SUBCONTRACTOR', suco.id, suco.name, suco.scopePath, {
                    tenant: { id: suco.tenantId },
                }),
            );
    }
    return root;
}

/** The tree limited to `visible`, `level` levels deep, or its node at `path` (undefined when absent). */
export async function scopeSubtree(
    db: Queryable,
    visible: 'ALL' | string[],
    level: number,
    path: string | undefined,
): Promise<ScopeNode | undefined> {
    const tree = await buildScopeTree(db, visible, level);
    return path === undefined ? tree : findScopeNode(tree, path);
}

/** The node at `path` within a tree, if present. */
function findScopeNode(tree: ScopeNode, path: string): ScopeNode | undefined {
    if (tree.path === path) return tree;
    for (const next of tree.children) {
        const found = scopesOverlap(next.path, path) ? findScopeNode(next, path) : undefined;
        if (found) return found;
    }
    return undefined;
}
