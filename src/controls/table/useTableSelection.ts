import { useMemo } from 'react';
import { useListContext, type Identifier } from 'react-admin';

export interface TableSelection {
    all: boolean;
    some: boolean;
    isSelected: (id: Identifier) => boolean;
    toggle: (id: Identifier) => void;
    /** Selects every row of the page, or clears the page's rows when all are selected. */
    toggleAll: () => void;
    count: number;
    clear: () => void;
}

/** Row selection of the current page, kept in react-admin's list context (`selectedIds`). */
export function useTableSelection(enabled: boolean): TableSelection | undefined {
    const { data, selectedIds, onToggleItem, onSelect, onUnselectItems } = useListContext();
    return useMemo(() => {
        if (!enabled) return undefined;
        const pageIds: Identifier[] = (data ?? []).map((record: { id: Identifier }) => record.id);
        const selected = new Set<Identifier>(selectedIds);
        const onPage = pageIds.filter((id) => selected.has(id)).length;
        const all = pageIds.length > 0 && onPage === pageIds.length;
        return {
            all,
            some: onPage > 0,
            isSelected: (id) => selected.has(id),
            toggle: onToggleItem,
            toggleAll: () =>
                onSelect(
                    all
                        ? selectedIds.filter((id) => !pageIds.includes(id))
                        : [...new Set([...selectedIds, ...pageIds])],
                ),
            count: selectedIds.length,
            clear: () => onUnselectItems(),
        };
    }, [enabled, data, selectedIds, onToggleItem, onSelect, onUnselectItems]);
}
