/**
 * The pure rules of the shared multi-select (shell §2.11): a search field from 5 items, the
 * selected items on top when there are more than 8, and a closed control showing the first
 * chosen item then '+N'.
 */

/** A choice of a select control (shell §3 Select item). */
export interface SelectItem<Value extends string | number = string> {
    label: string;
    value: Value;
}

/** From this many items the control offers a search field. */
const SEARCH_FROM_ITEMS = 5;
/** Above this many items the selected ones are listed first. */
const SELECTED_ON_TOP_ABOVE = 8;

export function showsSearch(itemCount: number): boolean {
    return itemCount >= SEARCH_FROM_ITEMS;
}

/** The items in list order: with more than 8, the selected ones first; each group keeps its order. */
export function orderItems<Value extends string | number>(
    items: readonly SelectItem<Value>[],
    selected: readonly Value[],
): SelectItem<Value>[] {
    if (items.length <= SELECTED_ON_TOP_ABOVE) return [...items];
    const chosen = new Set<Value>(selected);
    return [
        ...items.filter((item) => chosen.has(item.value)),
        ...items.filter((item) => !chosen.has(item.value)),
    ];
}

/** What the closed control shows: the first selected item (in item order) and how many more there are. */
export function selectionSummary<Value extends string | number>(
    items: readonly SelectItem<Value>[],
    selected: readonly Value[],
): { first: SelectItem<Value> | undefined; more: number } {
    const chosen = new Set<Value>(selected);
    const selectedItems = items.filter((item) => chosen.has(item.value));
    return { first: selectedItems[0], more: Math.max(0, selectedItems.length - 1) };
}

/** The '+N' text after the first chip ('' when there is no more). */
export function moreText(more: number): string {
    return more > 0 ? `+${more}` : '';
}
