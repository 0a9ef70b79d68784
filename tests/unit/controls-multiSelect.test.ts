import { describe, expect, it } from 'vitest';
import {
    moreText,
    orderItems,
    selectionSummary,
    showsSearch,
    type SelectItem,
} from '../../src/controls/multiSelectOptions';

const items = (count: number): SelectItem[] =>
    Array.from({ length: count }, (_, index) => ({
        label: `Item ${index + 1}`,
        value: `v${index + 1}`,
    }));
const values = (list: SelectItem[]) => list.map((item) => item.value);

describe('multi-select rules', () => {
    it('offers a search field from 5 items', () => {
        expect(showsSearch(4)).toBe(false);
        expect(showsSearch(5)).toBe(true);
        expect(showsSearch(40)).toBe(true);
    });

    it('keeps the order up to 8 items', () => {
        expect(values(orderItems(items(8), ['v8', 'v3']))).toEqual([
            'v1',
            'v2',
            'v3',
            'v4',
            'v5',
            'v6',
            'v7',
            'v8',
        ]);
    });

    it('lists selected items on top above 8, each group in its own order', () => {
        expect(values(orderItems(items(9), ['v9', 'v3']))).toEqual([
            'v3',
            'v9',
            'v1',
            'v2',
            'v4',
            'v5',
            'v6',
            'v7',
            'v8',
        ]);
        expect(values(orderItems(items(9), []))).toEqual(values(items(9)));
    });

    it('summarises the selection as the first chip then +N', () => {
        expect(selectionSummary(items(10), [])).toEqual({ first: undefined, more: 0 });
        expect(selectionSummary(items(10), ['v4'])).toEqual({
            first: { label: 'Item 4', value: 'v4' },
            more: 0,
        });
        expect(selectionSummary(items(10), ['v7', 'v2', 'v9'])).toEqual({
            first: { label: 'Item 2', value: 'v2' },
            more: 2,
        });
        expect(selectionSummary(items(3), ['unknown', 'v3']).more).toBe(0);
        expect(moreText(0)).toBe('');
        expect(moreText(2)).toBe('+2');
    });

    it('works with numeric values', () => {
        const numbers: SelectItem<number>[] = Array.from({ length: 9 }, (_, index) => ({
            label: String(index),
            value: index,
        }));
        expect(orderItems(numbers, [5])[0]).toEqual({ label: '5', value: 5 });
    });
});
