import { useCallback } from 'react';
import { useCreatePath, useResourceContext, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** Where a row leads: react-admin's show or edit page of the record, or a path of its own. */
export type RowLink<RecordType extends RaRecord> =
    'show' | 'edit' | false | ((record: RecordType) => string | false);

export interface RowAction {
    /** The row's link target, when it is a link (cards render a real link). */
    path?: string;
    open: () => void;
}

/** What activating a row does: follow its link, else call `onRowClick`, else nothing. */
export function useRowAction<RecordType extends RaRecord>(
    rowLink: RowLink<RecordType> | undefined,
    onRowClick: ((record: RecordType) => void) | undefined,
) {
    const createPath = useCreatePath();
    const resource = useResourceContext();
    const navigate = useNavigate();
    return useCallback(
        (record: RecordType): RowAction | undefined => {
            const path =
                typeof rowLink === 'function'
                    ? rowLink(record)
                    : rowLink && resource
                      ? createPath({ resource, id: record.id, type: rowLink })
                      : false;
            if (path) return { path, open: () => void navigate(path) };
            if (onRowClick) return { open: () => onRowClick(record) };
            return undefined;
        },
        [rowLink, onRowClick, createPath, resource, navigate],
    );
}
