import { describe, expect, it } from 'vitest';
import { configDiff, formatConfigValue } from '../../domain/configDiff';

describe('configDiff', () => {
    it('finds nothing between equal documents, whatever the key order', () => {
        expect(configDiff({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
    });

    it('names added, removed and changed leaves with their paths and values', () => {
        const before = {
            frontend: {
                businessHours: { from: '06:00', to: '21:30' },
                liveDashboardRefreshIntervalInSec: 60,
                legacy: true,
            },
        };
        const after = {
            frontend: {
                businessHours: { from: '06:00', to: '22:00' },
                liveDashboardRefreshIntervalInSec: 30,
                deviceMappingServices: ['mdm'],
            },
        };
        expect(configDiff(before, after)).toEqual([
            {
                kind: 'changed',
                path: ['frontend', 'businessHours', 'to'],
                before: '21:30',
                after: '22:00',
            },
            { kind: 'added', path: ['frontend', 'deviceMappingServices'], after: ['mdm'] },
            { kind: 'removed', path: ['frontend', 'legacy'], before: true },
            {
                kind: 'changed',
                path: ['frontend', 'liveDashboardRefreshIntervalInSec'],
                before: 60,
                after: 30,
            },
        ]);
    });

    it('expands an added or removed object into its leaves, and compares arrays as one value', () => {
        expect(
            configDiff({}, { frontend: { businessHours: { from: '05:00', to: '22:00' } } }),
        ).toEqual([
            { kind: 'added', path: ['frontend', 'businessHours', 'from'], after: '05:00' },
            { kind: 'added', path: ['frontend', 'businessHours', 'to'], after: '22:00' },
        ]);
        expect(configDiff({ services: ['a', 'b'] }, { services: ['b', 'a'] })).toEqual([
            { kind: 'changed', path: ['services'], before: ['a', 'b'], after: ['b', 'a'] },
        ]);
        expect(configDiff({ a: { b: 1 } }, { a: 'flat' })).toEqual([
            { kind: 'changed', path: ['a'], before: { b: 1 }, after: 'flat' },
        ]);
    });

    it('treats a missing document as empty', () => {
        expect(configDiff(undefined, { a: 1 })).toEqual([{ kind: 'added', path: ['a'], after: 1 }]);
        expect(configDiff({ a: {} }, null)).toEqual([{ kind: 'removed', path: ['a'], before: {} }]);
    });
});

describe('formatConfigValue', () => {
    it('writes values readably', () => {
        expect(formatConfigValue('06:00')).toBe('06:00');
        expect(formatConfigValue(['mdm', 'intune'])).toBe('mdm, intune');
        expect(formatConfigValue(true)).toBe('true');
        expect(formatConfigValue({ from: '05:00' })).toBe('{"from":"05:00"}');
        expect(formatConfigValue(undefined)).toBe('');
    });
});
