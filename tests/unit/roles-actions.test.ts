import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionCatalogue } from '../../domain/actions';
import { languages } from '../../domain/enums';
import type { ScopeNode } from '../../domain/contracts/scopes';
import {
    actionGroupOf,
    actionGroups,
    actionsForContexts,
    assignableActions,
    checkAction,
    groupActions,
    roleBodyOf,
    roleUpdateBodyOf,
    scopeChoices,
    toggleContext,
    uncheckAction,
} from '../../src/resources/roles/roleActions';

describe('role action helpers', () => {
    it('checks what a code requires, transitively', () => {
        expect(checkAction([], 'r:tour-details')).toEqual(['r:tour', 'r:tour-details']);
        expect(checkAction(['r:tour-perf'], 'd:driver').sort()).toEqual([
            'can-assign-permission',
            'd:driver',
            'r:driver',
            'r:suco',
            'r:tour-perf',
        ]);
        expect(checkAction(['r:tour'], 'r:tour')).toEqual(['r:tour']);
    });

    it('unchecks the codes that require an unchecked one, transitively', () => {
        expect(
            uncheckAction(
                ['r:suco', 'r:driver', 'c:driver', 'd:driver', 'can-assign-permission', 'r:tour'],
                'r:suco',
            ),
        ).toEqual(['can-assign-permission', 'r:tour']);
        expect(uncheckAction(['r:tour', 'r:tour-details'], 'r:tour-details')).toEqual(['r:tour']);
    });

    it('offers codes by context, never the platform markers', () => {
        expect(assignableActions([])).toEqual([]);
        const depot = assignableActions(['DEPOT']);
        expect(depot).toContain('r:tour');
        expect(depot).not.toContain('r:parcel-finder');
        expect(assignableActions(['SUBCONTRACTOR'])).toEqual([
            'r:suco',
            'r:driver',
            'c:driver',
            'u:driver',
            'd:driver',
            'can-assign-permission',
            'can-remove-permission',
        ]);
        for (const marker of ['admin', 'super-admin', 'tenant-admin'])
            expect(assignableActions(['TENANT', 'DEPOT'])).not.toContain(marker);
    });

    it('keeps a subcontractor context alone and drops actions no context allows any more', () => {
        expect(toggleContext(['TENANT', 'DEPOT'], 'SUBCONTRACTOR', true)).toEqual([
            'SUBCONTRACTOR',
        ]);
        expect(toggleContext(['SUBCONTRACTOR'], 'DEPOT', true)).toEqual(['DEPOT']);
        expect(toggleContext(['DEPOT'], 'TENANT', true)).toEqual(['TENANT', 'DEPOT']);
        expect(toggleContext(['TENANT', 'DEPOT'], 'DEPOT', false)).toEqual(['TENANT']);
        expect(
            actionsForContexts(
                ['r:tour', 'r:tour-details', 'r:suco', 'r:driver'],
                ['SUBCONTRACTOR'],
            ),
        ).toEqual(['r:suco', 'r:driver']);
    });

    it('groups every catalogue code into a known area', () => {
        for (const { code } of actionCatalogue)
            expect(actionGroups, code).toContain(actionGroupOf(code));
        expect(actionGroupOf('r:bo-user')).toBe('users');
        expect(actionGroupOf('can-assign-permission')).toBe('users');
        expect(actionGroupOf('r:rtt-reports')).toBe('reports');
        expect(actionGroupOf('r:live-status-map')).toBe('tours');
        expect(groupActions(['r:role', 'r:tour']).map((entry) => entry.group)).toEqual([
            'tours',
            'roles',
        ]);
    });

    it('sends only the definition', () => {
        const record = {
            id: 'x',
            tenantId: 't1',
            name: ' Planner ',
            contexts: ['DEPOT' as const],
            actions: ['r:tour'],
            visibilityPath: 't1.DE',
            fixed: false,
            technical: false,
            assignedUsers: 3,
            version: 4,
        };
        expect(roleBodyOf(record, 't1')).toEqual({
            tenantId: 't1',
            name: 'Planner',
            contexts: ['DEPOT'],
            actions: ['r:tour'],
            visibilityPath: 't1.DE',
        });
        expect(roleUpdateBodyOf(record)).toEqual({
            name: 'Planner',
            contexts: ['DEPOT'],
            actions: ['r:tour'],
            visibilityPath: 't1.DE',
            version: 4,
        });
    });

    it('lists the organisation’s scopes with their names joined by arrows', () => {
        const depot: ScopeNode = {
            id: 'd1',
            scope: 'DISTRIBUTION_CENTER',
            name: '110 Berlin',
            path: 't1.DE.g1.d1',
            children: [],
        };
        const group: ScopeNode = {
            id: 'g1',
            scope: 'GROUP',
            name: 'North',
            path: 't1.DE.g1',
            children: [depot],
        };
        const country: ScopeNode = {
            id: 'DE',
            scope: 'COUNTRY',
            name: 'DE',
            path: 't1.DE',
            children: [group],
        };
        const tenant: ScopeNode = {
            id: 't1',
            scope: 'TENANT',
            name: 'Parcel One',
            path: 't1',
            children: [country],
        };
        const root: ScopeNode = {
            id: 'ADMIN',
            scope: 'ADMIN',
            name: 'ADMIN',
            path: '',
            children: [tenant],
        };
        expect(scopeChoices(root, 't1')).toEqual([
            { id: 't1', name: 'Parcel One', depth: 0 },
            { id: 't1.DE', name: 'Parcel One → DE', depth: 1 },
            { id: 't1.DE.g1', name: 'Parcel One → DE → North', depth: 2 },
            { id: 't1.DE.g1.d1', name: 'Parcel One → DE → North → 110 Berlin', depth: 3 },
        ]);
        expect(scopeChoices(tenant, 't1')).toHaveLength(4);
        expect(scopeChoices(root, 't2')).toEqual([]);
    });

    it('has a name and an explanation of every action and a name of every area in every language', () => {
        for (const language of languages) {
            const texts = JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as {
                app: {
                    actions: Record<string, { name?: string; description?: string }>;
                    actionGroups: Record<string, string>;
                };
            };
            for (const { code } of actionCatalogue) {
                expect(texts.app.actions[code]?.name, `${language} ${code}`).toBeTruthy();
                expect(texts.app.actions[code]?.description, `${language} ${code}`).toBeTruthy();
            }
            for (const group of actionGroups)
                expect(texts.app.actionGroups[group], `${language} ${group}`).toBeTruthy();
        }
    });
});
