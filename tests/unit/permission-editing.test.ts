import { describe, expect, it } from 'vitest';
import {
    addRowBlocker,
    mayEditPermissionsOnProfilePage,
    scopeOptionBlocker,
    submitBlockers,
} from '../../domain/permissionDialog.js';
import {
    permissionViolationDetails,
    validatePermissionChange,
    type PermissionViolation,
} from '../../domain/permissionEditing.js';
import {
    changeRequestOf,
    resultingRows,
    rowsOf,
    type PermissionEditing,
} from '../../domain/permissionRows.js';
import type { PermissionChangeRequest } from '../../domain/contracts/back-office-users.js';
import {
    admin,
    D1,
    D2,
    depotManagerD1,
    editing,
    profile,
    roles,
    S1,
    S2,
    tenantAdminAll,
    tenantAdminT1,
} from './permission-fixtures.js';

const add = (...pairs: [string, string][]): PermissionChangeRequest => ({
    addPermissions: pairs.map(([roleId, path]) => ({ roleId, path })),
    removePermissions: [],
});
const remove = (...ids: string[]): PermissionChangeRequest => ({
    addPermissions: [],
    removePermissions: ids,
});
const rules = (violations: PermissionViolation[]) => violations.map((violation) => violation.rule);

const mixedUser = [
    { id: 'p1', roleId: roles.depot.id, path: D1 },
    { id: 'p2', roleId: roles.depot.id, path: D2 },
    { id: 'p3', roleId: roles.tenant.id, path: 't1' },
    { id: 'p4', roleId: roles.depotBo.id, path: D1 },
];

describe('rows and change requests', () => {
    const edit = editing(admin, 'depot', mixedUser);

    it('groups the current context into one row per role', () => {
        expect(rowsOf(edit)).toEqual([
            { roleId: roles.depot.id, paths: [D1, D2] },
            { roleId: roles.depotBo.id, paths: [D1] },
        ]);
        expect(rowsOf(editing(admin, 'tenant', mixedUser))).toEqual([
            { roleId: roles.tenant.id, paths: ['t1'] },
        ]);
    });

    it('turns rows into additions and removals of the current context only', () => {
        const rows = [
            { roleId: roles.depot.id, paths: [D1, 't1.DE.g2.d5', 't1.DE.g2.d5'] },
            { roleId: null, paths: [] },
        ];
        expect(changeRequestOf(edit, rows)).toEqual({
            addPermissions: [{ roleId: roles.depot.id, path: 't1.DE.g2.d5' }],
            removePermissions: ['p2', 'p4'],
        });
    });

    it('applies a request to the rows, and round-trips with the dialog', () => {
        const request: PermissionChangeRequest = {
            addPermissions: [
                { roleId: roles.depotBo.id, path: D2 },
                { roleId: roles.suco.id, path: S1 },
            ],
            removePermissions: ['p1'],
        };
        const rows = resultingRows(edit, request);
        expect(rows).toEqual([
            { roleId: roles.depot.id, paths: [D2] },
            { roleId: roles.depotBo.id, paths: [D1, D2] },
            { roleId: roles.suco.id, paths: [S1] },
        ]);
        expect(changeRequestOf(edit, rows)).toEqual({
            addPermissions: request.addPermissions,
            removePermissions: ['p1'],
        });
    });
});

describe('validating a permission change (server)', () => {
    it('accepts an addition the editor may assign', () => {
        expect(
            validatePermissionChange(editing(depotManagerD1, 'depot'), add([roles.depot.id, D1])),
        ).toEqual([]);
        expect(
            validatePermissionChange(editing(depotManagerD1, 'depot'), add([roles.suco.id, S1])),
        ).toEqual([]);
    });

    it('names the addition the editor may not assign', () => {
        const violations = validatePermissionChange(
            editing(depotManagerD1, 'depot'),
            add([roles.depot.id, D1], [roles.depotBo.id, D2]),
        );
        expect(violations).toEqual([
            { rule: 'NO_ASSIGN_PERMISSION', roleId: roles.depotBo.id, path: D2, addIndex: 1 },
        ]);
        expect(permissionViolationDetails(violations)).toEqual([
            {
                field: '/body/permissions/addPermissions/1',
                message: `NO_ASSIGN_PERMISSION: You may not assign permissions on this scope. (role ${roles.depotBo.id}, scope '${D2}')`,
            },
        ]);
    });

    it('lets only holders of the all-tenants scope assign all tenants', () => {
        expect(
            rules(
                validatePermissionChange(
                    editing(tenantAdminT1, 'tenant'),
                    add([roles.tenant.id, '']),
                ),
            ),
        ).toEqual(['NO_ASSIGN_PERMISSION']);
        expect(
            validatePermissionChange(
                editing(tenantAdminT1, 'tenant'),
                add([roles.tenant.id, 't1']),
            ),
        ).toEqual([]);
        expect(
            validatePermissionChange(editing(tenantAdminAll, 'tenant'), add([roles.tenant.id, ''])),
        ).toEqual([]);
    });

    it('rejects an empty request and duplicate assignments', () => {
        const current = [{ id: 'p1', roleId: roles.depot.id, path: D1 }];
        expect(rules(validatePermissionChange(editing(admin, 'depot', current), remove()))).toEqual(
            ['NO_CHANGE'],
        );
        expect(
            rules(
                validatePermissionChange(
                    editing(admin, 'depot', current),
                    add([roles.depot.id, D1]),
                ),
            ),
        ).toEqual(['DUPLICATE_ASSIGNMENT']);
        expect(
            rules(
                validatePermissionChange(
                    editing(admin, 'depot'),
                    add([roles.depot.id, D1], [roles.depot.id, D1]),
                ),
            ),
        ).toEqual(['DUPLICATE_ASSIGNMENT']);
        // Removing and re-adding the same assignment in one request is allowed.
        expect(
            validatePermissionChange(editing(admin, 'depot', current), {
                ...add([roles.depot.id, D1]),
                removePermissions: ['p1'],
            }),
        ).toEqual([]);
    });

    it('checks removals: known, in the current context, and removable by the editor', () => {
        const edit = editing(depotManagerD1, 'depot', mixedUser);
        expect(validatePermissionChange(edit, remove('nope'))).toEqual([
            { rule: 'UNKNOWN_PERMISSION', permissionId: 'nope', removeIndex: 0 },
        ]);
        expect(rules(validatePermissionChange(edit, remove('p3')))).toEqual([
            'REMOVAL_OUT_OF_CONTEXT',
        ]);
        expect(validatePermissionChange(edit, remove('p2'))).toEqual([
            {
                rule: 'NO_REMOVE_PERMISSION',
                permissionId: 'p2',
                removeIndex: 0,
                roleId: roles.depot.id,
                path: D2,
            },
        ]);
        expect(validatePermissionChange(edit, remove('p1'))).toEqual([]);
        const remover = profile([['DEPOT'], ['can-remove-permission'], 't1']);
        expect(
            validatePermissionChange(editing(remover, 'depot', mixedUser), remove('p2')),
        ).toEqual([]);
    });

    it('needs at least one row with scopes to remain', () => {
        const current = [{ id: 'p1', roleId: roles.depot.id, path: D1 }];
        expect(
            rules(validatePermissionChange(editing(admin, 'depot', current), remove('p1'))),
        ).toEqual(['NOTHING_TO_SUBMIT']);
    });

    it('accepts only roles of the context that the editor sees', () => {
        expect(
            rules(validatePermissionChange(editing(admin, 'depot'), add(['no-such-role', D1]))),
        ).toEqual(['ROLE_NOT_AVAILABLE']);
        expect(
            rules(validatePermissionChange(editing(admin, 'depot'), add([roles.tenant.id, 't1']))),
        ).toEqual(['ROLE_NOT_AVAILABLE']);
        expect(
            rules(validatePermissionChange(editing(admin, 'admin'), add([roles.depot.id, '']))),
        ).toEqual(['ROLE_NOT_AVAILABLE']);
        expect(
            rules(
                validatePermissionChange(
                    editing(depotManagerD1, 'depot'),
                    add([roles.depotT2.id, D1]),
                ),
            ),
        ).toEqual(['ROLE_NOT_AVAILABLE']);
        expect(
            validatePermissionChange(editing(admin, 'admin'), add([roles.admin.id, ''])),
        ).toEqual([]);
    });

    it.each([
        ['a scope outside the role visibility path', roles.depotT2.id, D1, 'SCOPE_OUTSIDE_ROLE'],
        ['a subcontractor role on a depot scope', roles.suco.id, D1, 'SCOPE_LEVEL'],
        ['a depot role on a subcontractor scope', roles.depot.id, S1, 'SCOPE_LEVEL'],
        ['a depot role on the empty scope', roles.depot.id, '', 'SCOPE_LEVEL'],
        ['a malformed scope', roles.depot.id, 't1..g1', 'SCOPE_LEVEL'],
        ['a scope of six parts', roles.suco.id, `${S1}.x`, 'SCOPE_LEVEL'],
    ])('rejects %s', (_name, roleId, path, rule) => {
        expect(
            rules(validatePermissionChange(editing(admin, 'depot'), add([roleId, path]))),
        ).toEqual([rule]);
    });

    it('rejects an admin role on a non-empty scope', () => {
        expect(
            rules(validatePermissionChange(editing(admin, 'admin'), add([roles.admin.id, 't1']))),
        ).toEqual(['SCOPE_LEVEL']);
    });

    it('keeps subcontractor roles apart and alone', () => {
        const depotUser = editing(admin, 'depot', [{ id: 'p1', roleId: roles.depot.id, path: D1 }]);
        expect(rules(validatePermissionChange(depotUser, add([roles.suco.id, S1])))).toEqual([
            'ROLE_MIX',
            'ROWS_LOCKED_BY_SUBCONTRACTOR',
        ]);
        const sucoUser = editing(admin, 'depot', [{ id: 'p1', roleId: roles.suco.id, path: S1 }]);
        expect(rules(validatePermissionChange(sucoUser, add([roles.driver.id, S1])))).toEqual([
            'ROWS_LOCKED_BY_SUBCONTRACTOR',
        ]);
        expect(rules(validatePermissionChange(sucoUser, add([roles.depot.id, D2])))).toEqual([
            'ROLE_MIX',
            'ROWS_LOCKED_BY_SUBCONTRACTOR',
        ]);
        expect(validatePermissionChange(sucoUser, add([roles.suco.id, `${D2}.s7`]))).toEqual([]);
    });

    it('allows one subcontractor per depot', () => {
        const sucoUser = editing(admin, 'depot', [{ id: 'p1', roleId: roles.suco.id, path: S1 }]);
        expect(validatePermissionChange(sucoUser, add([roles.suco.id, S2]))).toEqual([
            { rule: 'SUBCONTRACTOR_PER_DEPOT', roleId: roles.suco.id, path: S2, addIndex: 0 },
        ]);
        expect(
            validatePermissionChange(sucoUser, {
                ...add([roles.suco.id, S2]),
                removePermissions: ['p1'],
            }),
        ).toEqual([]);
    });

    it('keeps all tenants exclusive on a tenant role, also against existing scopes', () => {
        const current = [{ id: 'p1', roleId: roles.tenant.id, path: 't1' }];
        expect(
            validatePermissionChange(editing(admin, 'tenant', current), add([roles.tenant.id, ''])),
        ).toEqual([{ rule: 'ALL_TENANTS_EXCLUSIVE', roleId: roles.tenant.id, path: 't1' }]);
        expect(
            validatePermissionChange(editing(admin, 'tenant', current), {
                ...add([roles.tenant.id, '']),
                removePermissions: ['p1'],
            }),
        ).toEqual([]);
    });

    it('does not let existing irregular assignments block other changes', () => {
        const legacy = [
            { id: 'p1', roleId: roles.tenant.id, path: '' },
            { id: 'p2', roleId: roles.tenant.id, path: 't1' },
            { id: 'p3', roleId: roles.tenant.id, path: 't2' },
        ];
        expect(validatePermissionChange(editing(admin, 'tenant', legacy), remove('p3'))).toEqual(
            [],
        );
    });

    it('lets the tenant and depot dialogs remove subcontractor permissions', () => {
        const current = [
            { id: 'p1', roleId: roles.suco.id, path: S1 },
            { id: 'p2', roleId: roles.suco.id, path: `${D2}.s1` },
        ];
        expect(
            validatePermissionChange(editing(tenantAdminT1, 'tenant', current), remove('p1')),
        ).toEqual([]);
        expect(
            validatePermissionChange(editing(depotManagerD1, 'depot', current), remove('p1')),
        ).toEqual([]);
    });
});

describe('the user dialog', () => {
    const holder: PermissionEditing = editing(depotManagerD1, 'depot', [
        { id: 'p1', roleId: roles.depot.id, path: D2 },
    ]);

    it('disables a held scope the editor may not remove, and a new one it may not assign', () => {
        expect(scopeOptionBlocker(holder, rowsOf(holder), 0, D2)).toBe('NO_REMOVE_PERMISSION');
        expect(scopeOptionBlocker(holder, rowsOf(holder), 0, 't1.DE.g1.d3')).toBe(
            'NO_ASSIGN_PERMISSION',
        );
        expect(scopeOptionBlocker(holder, rowsOf(holder), 0, D1)).toBeNull();
        expect(scopeOptionBlocker(holder, [{ roleId: null, paths: [] }], 0, D1)).toBe(
            'ROW_INCOMPLETE',
        );
    });

    it('disables shapes that do not fit the role', () => {
        expect(
            scopeOptionBlocker(
                editing(admin, 'depot'),
                [{ roleId: roles.suco.id, paths: [] }],
                0,
                D1,
            ),
        ).toBe('SCOPE_LEVEL');
        expect(
            scopeOptionBlocker(
                editing(admin, 'depot'),
                [{ roleId: roles.depotT2.id, paths: [] }],
                0,
                D1,
            ),
        ).toBe('SCOPE_OUTSIDE_ROLE');
        expect(
            scopeOptionBlocker(
                editing(admin, 'tenant'),
                [{ roleId: roles.tenant.id, paths: ['t1'] }],
                0,
                '',
            ),
        ).toBeNull();
    });

    it('blocks a new row when no role is left to offer', () => {
        const onlyDepot = { ...editing(admin, 'depot'), roles: [roles.depot] };
        expect(addRowBlocker(onlyDepot, [{ roleId: roles.depot.id, paths: [D1] }])).toBe(
            'ROLE_NOT_AVAILABLE',
        );
    });

    it('reports submit blockers of the rows and of the request they make', () => {
        expect(rules(submitBlockers(holder, [{ roleId: roles.depot.id, paths: [D1] }]))).toEqual([
            'NO_REMOVE_PERMISSION',
        ]);
        expect(submitBlockers(holder, [{ roleId: roles.depot.id, paths: [D2, D1] }])).toEqual([]);
    });

    it('lets only admins edit permissions on the profile page', () => {
        expect(mayEditPermissionsOnProfilePage(admin)).toBe(true);
        expect(mayEditPermissionsOnProfilePage(tenantAdminAll)).toBe(false);
    });
});
