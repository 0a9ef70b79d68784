import { describe, expect, it } from 'vitest';
import {
    changedLocaleTexts,
    compareLocaleFile,
    localeFileFits,
    localeProblemDetails,
    localeProblemsFromDetails,
    mergeLocale,
} from '../../domain/localeFiles';
import {
    canonicalJson,
    duplicateSyncedRoles,
    planRoleSync,
    roleSyncApplicable,
    type RoleHere,
    type RoleSyncTarget,
} from '../../domain/roleSync';
import type { SyncedRole } from '../../domain/contracts/backoffice-actions';

describe('canonicalJson', () => {
    it('sorts object keys at every level, keeps array order and drops undefined members', () => {
        expect(canonicalJson({ b: 1, a: [{ d: true, c: null }, 'x'], u: undefined })).toBe(
            '{"a":[{"c":null,"d":true},"x"],"b":1}',
        );
    });

    it('is the same for the same content written in another key order', () => {
        expect(canonicalJson({ format: 'f', roles: [{ name: 'n', key: 'k' }] })).toBe(
            canonicalJson({ roles: [{ key: 'k', name: 'n' }], format: 'f' }),
        );
    });

    it('escapes strings like JSON and refuses what JSON cannot hold', () => {
        expect(canonicalJson('a"b\u2028')).toBe(JSON.stringify('a"b\u2028'));
        expect(() => canonicalJson(Number.NaN)).toThrow();
        expect(() => canonicalJson({ f: () => 1 })).toThrow();
    });
});

describe('planRoleSync', () => {
    const orgRole = (name: string, extra: Partial<SyncedRole> = {}): SyncedRole => ({
        key: `t1/${name}`,
        name,
        tenantId: 't1',
        contexts: ['DEPOT'],
        actions: ['r:tour'],
        visibilityPath: 't1',
        technical: false,
        ...extra,
    });
    const here = (role: Partial<RoleHere> & { id: string; name: string }): RoleHere => ({
        tenantId: 't1',
        contexts: ['DEPOT'],
        actions: ['r:tour'],
        visibilityPath: 't1',
        version: 1,
        assignedPaths: [],
        ...role,
    });
    const target = (
        roles: RoleHere[],
        problems: Record<string, string[]> = {},
    ): RoleSyncTarget => ({
        roles,
        tenantIds: new Set(['t1']),
        isKnownAction: (code) => code.startsWith('r:'),
        definitionProblems: (role) => problems[role.key] ?? [],
    });

    it('matches organisation roles by organisation and name (trimmed, any case), technical roles by id', () => {
        const changes = planRoleSync(
            [
                orgRole('Planner'),
                {
                    key: 'role-x',
                    name: 'X',
                    tenantId: null,
                    contexts: ['DEPOT'],
                    actions: ['r:tour'],
                    visibilityPath: '',
                    technical: true,
                },
            ],
            target([
                here({ id: 'a', name: ' planner ' }),
                here({ id: 'role-x', name: 'X', tenantId: null, visibilityPath: '' }),
            ]),
        );
        expect(changes.map((change) => [change.kind, change.roleId, change.nameBefore])).toEqual([
            ['update', 'a', ' planner '],
            ['unchanged', 'role-x', null],
        ]);
    });

    it('creates, updates with added and removed actions, and keeps equal roles (action order aside)', () => {
        const changes = planRoleSync(
            [
                orgRole('New'),
                orgRole('Changed', { actions: ['r:tour', 'r:rtt'] }),
                orgRole('Same', { actions: ['r:b', 'r:a'] }),
            ],
            target([
                here({ id: 'c', name: 'Changed', actions: ['r:tour', 'r:old'] }),
                here({ id: 's', name: 'Same', actions: ['r:a', 'r:b'] }),
            ]),
        );
        expect(changes.map((change) => change.kind)).toEqual(['create', 'update', 'unchanged']);
        expect(changes[1]).toMatchObject({
            addedActions: ['r:rtt'],
            removedActions: ['r:old'],
            contextsBefore: ['DEPOT'],
            visibilityPathBefore: 't1',
        });
    });

    it('skips roles of unknown organisations, with unknown actions, and technical roles that differ or are missing', () => {
        const changes = planRoleSync(
            [
                orgRole('Elsewhere', { tenantId: 't9', key: 't9/Elsewhere' }),
                orgRole('Future', { actions: ['r:tour', 'x:future'] }),
                {
                    key: 'role-y',
                    name: 'Y',
                    tenantId: null,
                    contexts: ['DEPOT'],
                    actions: ['r:tour'],
                    visibilityPath: '',
                    technical: true,
                },
                {
                    key: 'role-z',
                    name: 'Z',
                    tenantId: null,
                    contexts: ['DEPOT'],
                    actions: ['r:rtt'],
                    visibilityPath: '',
                    technical: true,
                },
            ],
            target([here({ id: 'role-z', name: 'Z', tenantId: null, visibilityPath: '' })]),
        );
        expect(changes.map((change) => [change.kind, change.reason, change.reasonDetails])).toEqual(
            [
                ['skipped', 'TENANT_NOT_FOUND', undefined],
                ['skipped', 'UNKNOWN_ACTIONS', ['x:future']],
                ['skipped', 'TECHNICAL_ROLE', undefined],
                ['skipped', 'TECHNICAL_ROLE', undefined],
            ],
        );
        expect(roleSyncApplicable(changes)).toBe(true);
    });

    it('reports conflicts: contexts or scopes still used by assignments, broken rules, a technical role’s name', () => {
        const assigned = here({
            id: 'p',
            name: 'Planner',
            contexts: ['DEPOT', 'TENANT'],
            assignedPaths: ['t1.DE.g1.d1'],
        });
        const changes = planRoleSync(
            [
                orgRole('Planner', { contexts: ['DEPOT'] }),
                orgRole('Narrow', { visibilityPath: 't1.DE.g2' }),
                orgRole('Broken'),
                orgRole('admin'),
                orgRole('Widened', { actions: ['r:tour', 'r:rtt'] }),
            ],
            target(
                [
                    assigned,
                    here({ id: 'n', name: 'Narrow', assignedPaths: ['t1.DE.g1.d1'] }),
                    here({ id: 'w', name: 'Widened', assignedPaths: ['t1.DE.g1.d1'] }),
                    here({
                        id: 'role-admin',
                        name: 'Admin',
                        tenantId: null,
                        contexts: ['ADMIN'],
                        actions: ['admin'],
                        visibilityPath: '',
                    }),
                ],
                { 't1/Broken': ['actions: r:tour requires r:x'] },
            ),
        );
        expect(changes.map((change) => [change.kind, change.reason, change.reasonDetails])).toEqual(
            [
                ['conflict', 'ROLE_IS_ASSIGNED_TO_USER', ['TENANT']],
                ['conflict', 'ROLE_IS_ASSIGNED_TO_USER', ['t1.DE.g1.d1']],
                ['conflict', 'INVALID_ROLE', ['actions: r:tour requires r:x']],
                ['conflict', 'DUPLICATE_ROLE_NAME', ['admin']],
                ['update', undefined, undefined],
            ],
        );
        expect(roleSyncApplicable(changes)).toBe(false);
    });

    it('finds roles named twice in a file', () => {
        expect(
            duplicateSyncedRoles([orgRole('A'), orgRole('a ', { key: 't1/a' }), orgRole('B')]),
        ).toEqual(['t1/a']);
    });
});

describe('compareLocaleFile', () => {
    const english = {
        app: {
            a: 'One',
            b: 'Hello {{name}}',
            items_one: '{{count}} item',
            items_other: '{{count}} items',
        },
    };

    it('accepts the same keys with translated texts and extra plural forms beside _other', () => {
        const problems = compareLocaleFile(english, {
            app: {
                a: 'Eins',
                b: 'Hallo {{ name }}',
                items_one: '{{count}} x',
                items_other: '{{count}} y',
                items_few: '{{count}} z',
            },
        });
        expect(localeFileFits(problems)).toBe(true);
    });

    it('names missing keys, unknown keys and bad values', () => {
        const problems = compareLocaleFile(english, {
            app: {
                a: '',
                b: 'Hallo',
                items_one: 3,
                items_other: '{{count}}',
                other_few: 'x',
                c: 'extra',
            },
        });
        expect(problems).toEqual({
            missing: [],
            unknown: ['app.other_few', 'app.c'],
            badValues: [
                { key: 'app.a', problem: 'empty' },
                { key: 'app.b', problem: 'variables', expected: ['name'] },
                { key: 'app.items_one', problem: 'notText' },
            ],
        });
        expect(compareLocaleFile(english, { app: { a: 'x' } }).missing).toEqual([
            'app.b',
            'app.items_one',
            'app.items_other',
        ]);
        expect(compareLocaleFile(english, { app: 'flat' })).toMatchObject({
            missing: ['app.a', 'app.b', 'app.items_one', 'app.items_other'],
            unknown: ['app'],
        });
    });

    it('writes the problems as error details and reads them back', () => {
        const problems = compareLocaleFile(english, {
            app: { a: 'x', b: 'no variable', c: 'extra', items_one: 'a {{count}}' },
        });
        const details = localeProblemDetails(problems);
        expect(details).toContainEqual({ field: '/body/app/items_other', message: 'missing key' });
        expect(details).toContainEqual({
            field: '/body/app/b',
            message: 'must use the variables {{name}}',
        });
        expect(localeProblemsFromDetails(details)).toEqual(problems);
        expect(
            localeProblemDetails({ missing: ['a', 'b', 'c'], unknown: [], badValues: [] }, 2),
        ).toHaveLength(2);
    });
});

describe('mergeLocale and changedLocaleTexts', () => {
    it('lays an upload over the bundled file, key by key', () => {
        const base = { app: { a: 'A', b: 'B', nested: { c: 'C' } } };
        const merged = mergeLocale(base, { app: { b: 'b2', nested: { d: 'D' } } });
        expect(merged).toEqual({ app: { a: 'A', b: 'b2', nested: { c: 'C', d: 'D' } } });
        expect(base.app.b).toBe('B');
        expect(changedLocaleTexts(base, merged)).toEqual({
            changedCount: 2,
            changedTexts: [
                { key: 'app.b', before: 'B', after: 'b2' },
                { key: 'app.nested.d', before: null, after: 'D' },
            ],
        });
    });
});
