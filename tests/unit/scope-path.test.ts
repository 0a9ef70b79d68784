import { describe, expect, it } from 'vitest';
import {
    depotScopePath,
    isScopePath,
    scopeCovers,
    scopesOverlap,
    subcontractorScopePath,
} from '../../domain/scopePath.js';

describe('scope paths', () => {
    it.each([
        ['', 't1.DE.g1.d1', true],
        ['t1', 't1', true],
        ['t1', 't1.DE.g1.d1', true],
        ['t1.DE', 't1.DE.g1', true],
        ['t1.DE.g1.d1', 't1.DE.g1.d1.s1', true],
        ['t1', 't10.DE.g1.d1', false],
        ['t1.DE.g1', 't1.DE.g10', false],
        ['t1.DE.g1.d1', 't1.DE.g1', false],
        ['t1.AT', 't1.DE.g1', false],
    ])('%s covers %s: %s', (scope, target, expected) => {
        expect(scopeCovers(scope, target)).toBe(expected);
    });

    it('overlaps in both directions', () => {
        expect(scopesOverlap('t1.DE.g1.d1', 't1')).toBe(true);
        expect(scopesOverlap('t1', 't1.DE.g1.d1')).toBe(true);
        expect(scopesOverlap('t1', 't10')).toBe(false);
    });

    it('builds depot and subcontractor paths', () => {
        const depot = depotScopePath('t1', 'DE', 'g1', 'd1');
        expect(depot).toBe('t1.DE.g1.d1');
        expect(subcontractorScopePath(depot, 's1')).toBe('t1.DE.g1.d1.s1');
    });

    it.each([
        ['', true],
        ['t1.DE.g_1.d-1', true],
        ['t1..g1', false],
        ['t1.', false],
        ['t 1', false],
        ['t1.DE.%', false],
    ])('validates %j: %s', (path, expected) => {
        expect(isScopePath(path)).toBe(expected);
    });
});
