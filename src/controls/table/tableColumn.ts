import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { ColumnSpec } from './tableState';

/** A column of the generic table (shell §3 Table column). */
export interface TableColumn<RecordType extends RaRecord = RaRecord> extends ColumnSpec {
    /** The record field shown, also the sort field. */
    key: string;
    /** Translation key of the header; default `resources.<resource>.fields.<key>`. */
    title?: string;
    align?: 'left' | 'center' | 'right';
    /** Translation key of a hint shown on the header. */
    tooltip?: string;
    /** The cell content; default the field's value as text. */
    render?: (record: RecordType) => ReactNode;
    /**
     * The cell holds controls (buttons, links): on cards it is shown below the card's own link,
     * never inside it (no interactive element inside another).
     */
    interactive?: boolean;
}

/** The translation key of a column's header. */
export function columnTitleKey(
    column: Pick<TableColumn, 'key' | 'title'>,
    resource: string,
): string {
    return column.title ?? `resources.${resource}.fields.${column.key}`;
}

/** A cell's content: the column's renderer, else the field's value as text ('' when absent). */
export function cellContent<RecordType extends RaRecord>(
    column: TableColumn<RecordType>,
    record: RecordType,
): ReactNode {
    if (column.render) return column.render(record);
    const value: unknown = record[column.key];
    return value === null || value === undefined ? '' : String(value);
}
