import { useCallback, useMemo, useState } from 'react';
import {
    readColumnChoices,
    toggleColumn,
    visibleColumnKeys,
    writeColumnChoices,
    type ColumnChoices,
    type ColumnSpec,
} from './tableState';

const browserStorage = (): Storage | undefined => {
    try {
        return globalThis.localStorage;
    } catch {
        return undefined;
    }
};

/** The shown columns of a table and a toggle; choices are kept in local storage per table (shell §4). */
export function useColumnChoices(tableId: string, columns: readonly ColumnSpec[]) {
    const [state, setState] = useState<{ tableId: string; choices: ColumnChoices }>(() => ({
        tableId,
        choices: readColumnChoices(browserStorage(), tableId, columns),
    }));
    // Another table id in the same place starts from its own stored choices.
    const choices =
        state.tableId === tableId
            ? state.choices
            : readColumnChoices(browserStorage(), tableId, columns);
    const visibleKeys = useMemo(() => visibleColumnKeys(columns, choices), [columns, choices]);
    const toggle = useCallback(
        (key: string) => {
            const next = toggleColumn(columns, choices, key);
            writeColumnChoices(browserStorage(), tableId, next);
            setState({ tableId, choices: next });
        },
        [columns, choices, tableId],
    );
    return { visibleKeys, toggle };
}
