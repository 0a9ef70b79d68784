import type { ScopeNode } from '../../../domain/contracts/scopes.js';
import type { Database } from '../../../server/db/client.js';
import type { DemoResponse } from '../helpers/demo-app.js';

/**
 * The tenant isolation matrix's shared model (tests/api/tenant-isolation.test.ts): scope paths
 * written out independently of domain/scopePath.ts, who is probed, what they may see, and the
 * row type each route's probe implements. Rows for a service area live beside this file.
 */

// ---- scope paths, independently of domain/scopePath.ts -------------------------------------------

export const segmentsOf = (path: string): string[] => (path === '' ? [] : path.split('.'));
/** `scope` covers `path`: whole segments, '' covers everything. */
export const covers = (scope: string, path: string): boolean => {
    const own = segmentsOf(scope);
    const other = segmentsOf(path);
    return own.length <= other.length && own.every((segment, index) => segment === other[index]);
};
export const overlaps = (a: string, b: string) => covers(a, b) || covers(b, a);
export const LEVELS = ['all', 'tenant', 'country', 'group', 'depot', 'subcontractor'];
export const levelOf = (path: string) => LEVELS[segmentsOf(path).length] ?? 'deeper';

export interface MatrixLogin {
    label: string;
    email: string;
}

export interface Grant {
    id: string;
    /** The role's name. */
    name: string;
    path: string;
    contexts: string[];
    actions: string[];
}

export interface Subject extends MatrixLogin {
    userId: string;
    tenantId: string | null;
    grants: Grant[];
    token: string;
}

export interface World {
    tenantIds: string[];
    depots: { id: string; tenantId: string; externalDepotId: string; path: string }[];
    /** Every scope-tree node path below the root: organisations, countries, regions, depots, subcontractors. */
    nodePaths: string[];
}

export interface Expected {
    admin: boolean;
    /** Internal ids of the depots the caller may see. */
    depots: Set<string>;
    /** Paths of the scope-tree nodes (level 5), the root '' included. */
    nodes: Set<string>;
    /** Tenants of the profile. */
    tenants: Set<string>;
    /** Isolation claims: the caller's organisation, depots (region/depot/subcontractor-scoped users) and subcontractors. */
    home: { tenant?: string; depots?: string[]; subcontractors?: string[] };
}

/** The explicit isolation claims for one depot path or scope-tree node the caller was shown. */
export function isolationBreach(expected: Expected, path: string): string | undefined {
    const { tenant, depots: homeDepots, subcontractors: homeSucos } = expected.home;
    if (path === '') return undefined;
    if (tenant !== undefined && segmentsOf(path)[0] !== tenant)
        return `${path} belongs to another organisation than ${tenant}`;
    if (homeDepots && !homeDepots.some((depot) => overlaps(depot, path)))
        return `${path} is outside the depots ${homeDepots.join(', ')}`;
    if (homeSucos && segmentsOf(path).length === 5 && !homeSucos.includes(path))
        return `${path} is another subcontractor than ${homeSucos.join(', ')}`;
    if (homeSucos && !homeSucos.some((suco) => overlaps(suco, path)))
        return `${path} is outside the subcontractors ${homeSucos.join(', ')}`;
    return undefined;
}

export interface Probe {
    subject: Subject;
    expected: Expected;
    world: World;
    get<T = unknown>(url: string): Promise<DemoResponse<T>>;
    /** A write with the caller's token. */
    send<T = unknown>(
        method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: string,
        payload?: object,
    ): Promise<DemoResponse<T>>;
    /** The seeded database (to compare what a write changed). */
    db: Database;
    /** Every login of the matrix with its grants (targets for reads and writes of other users). */
    subjects: readonly Subject[];
}

export interface RouteCase {
    /** `METHOD /path/:param` as the service declares it (the coverage test matches on this). */
    route: string;
    /** What this row probes (several rows may probe one route). */
    variant?: string;
    run(probe: Probe): Promise<void>;
}

export const sorted = (values: Iterable<string>) => [...values].sort();
export const flatten = (node: ScopeNode): ScopeNode[] => [node, ...node.children.flatMap(flatten)];
export const breaches = (expected: Expected, paths: readonly string[]) =>
    paths.flatMap((path) => isolationBreach(expected, path) ?? []);
export const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
export const validPath = (path: string) => /^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,4})?$/.test(path);

/**
 * Paths to try: every node of the tree (all organisations), plus guesses built from the
 * caller's own scopes: raw-prefix extensions and truncations, a missing child, and the same
 * ids under every other organisation.
 */
export function probePaths({ subject, expected, world }: Probe): string[] {
    // Subcontractors: those of the depots the caller sees (their neighbours), and one of every other organisation.
    const sucoOfTenant = new Set<string>();
    const guesses = new Set<string>(
        world.nodePaths.filter((path) => {
            const parts = segmentsOf(path);
            if (parts.length < 5) return true;
            if (expected.depots.has(parts[3] ?? '')) return true;
            if (sucoOfTenant.has(parts[0] ?? '')) return false;
            sucoOfTenant.add(parts[0] ?? '');
            return true;
        }),
    );
    for (const { path } of subject.grants) {
        if (path === '') continue;
        const [, ...rest] = segmentsOf(path);
        for (const guess of [
            `${path}1`,
            `${path}z`,
            path.slice(0, -1),
            `${path}.zz`,
            path.toUpperCase(),
            ...world.tenantIds.map((tenant) => [tenant, ...rest].join('.')),
        ]) {
            if (validPath(guess) && guess !== '') guesses.add(guess);
        }
    }
    return sorted(guesses);
}

/** Depot ids to try: every depot of every organisation, and guesses derived from the caller's own depots. */
export function probeDepotIds({ subject, expected, world }: Probe): string[] {
    const ids = new Set(world.depots.map((depot) => depot.id));
    const own = subject.grants.flatMap((grant) => segmentsOf(grant.path)[3] ?? []);
    for (const id of own.length > 0 ? own : [...expected.depots].slice(0, 2))
        for (const guess of [`${id}1`, `${id}z`, id.slice(0, -1), id.toUpperCase()]) ids.add(guess);
    ids.add('nope');
    return sorted(ids);
}

export const isAdminSubject = (subject: Subject) =>
    subject.grants.some(
        (grant) => grant.contexts.includes('ADMIN') && grant.actions.includes('admin'),
    );
export const fivePart = (path: string) => segmentsOf(path).length === 5;
/** Where `code` is held in the depot context: depot grants, five-part subcontractor grants, and tenant-admin grants. */
export const depotGrantPaths = (subject: Subject, code: string) =>
    subject.grants
        .filter(
            (grant) =>
                (grant.contexts.includes('DEPOT') && grant.actions.includes(code)) ||
                (grant.contexts.includes('SUBCONTRACTOR') &&
                    fivePart(grant.path) &&
                    grant.actions.includes(code)) ||
                (grant.contexts.includes('TENANT') && grant.actions.includes('tenant-admin')),
        )
        .map((grant) => grant.path);
/** Where `code` is held in the tenant context: tenant grants with it or with tenant-admin. */
export const tenantGrantPaths = (subject: Subject, code: string) =>
    subject.grants
        .filter(
            (grant) =>
                grant.contexts.includes('TENANT') &&
                (grant.actions.includes(code) || grant.actions.includes('tenant-admin')),
        )
        .map((grant) => grant.path);
/** Scopes the caller holds any role on (tenant, depot, or subcontractor on a five-part path). */
export const heldPaths = (subject: Subject) =>
    subject.grants
        .filter(
            (grant) =>
                grant.contexts.includes('TENANT') ||
                grant.contexts.includes('DEPOT') ||
                (grant.contexts.includes('SUBCONTRACTOR') && fivePart(grant.path)),
        )
        .map((grant) => grant.path);
export const latest = (times: string[]) =>
    times.length === 0 ? null : ([...times].sort().at(-1) ?? null);
export const sameRefusal = (
    body: { code?: string; message?: string },
    status: number,
    id: string,
    reference: DemoResponse<{ code?: string; message?: string }>,
    referenceId: string,
) => ({
    status,
    code: body.code,
    message: body.message?.replaceAll(id, referenceId),
    expected: {
        status: reference.status,
        code: reference.body.code,
        message: reference.body.message,
    },
});

/** Where a caller holds something: everywhere, or under these paths. */
export type Region = 'ALL' | string[];

export const inRegion = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => covers(scope, path));
export const touches = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => overlaps(scope, path));

function intersect(a: Region, b: Region): Region {
    if (a === 'ALL') return b;
    if (b === 'ALL') return a;
    const result = new Set<string>();
    for (const left of a)
        for (const right of b)
            if (covers(left, right)) result.add(right);
            else if (covers(right, left)) result.add(left);
    return [...result];
}

/**
 * Where `code` (which needs r:tour, domain/actions.ts) is held in the depot context, computed
 * from the grants, independently of domain/permissionChecks.ts.
 */
export function depotTourRegion(subject: Subject, code: string): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const of = (wanted: string): Region => {
        const paths = depotGrantPaths(subject, wanted);
        return paths.includes('') ? 'ALL' : paths;
    };
    return intersect(of(code), of('r:tour'));
}

/** Today on the wall clock of `timeZone` (YYYY-MM-DD). */
export const dayIn = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
