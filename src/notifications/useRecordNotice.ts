import { useCallback } from 'react';
import {
    useGetRecordRepresentation,
    useNotify,
    useRedirect,
    useResourceContext,
    type RaRecord,
    type RedirectionSideEffect,
} from 'react-admin';

/** What happened to a record. */
export type RecordEvent = 'created' | 'updated' | 'deleted';

/** A notice's text key and values, for a toast or a dialog. */
export interface RecordNoticeText {
    key: string;
    values: { name: string };
}

/**
 * The text that says what happened to which record ("User Anna Schmidt created"): one key per
 * resource and event, `app.recordNotices.<resource>.<event>` (so each language can inflect the
 * kind of record), with the record's name from the screen's `recordRepresentation`. `textsOf` names the
 * texts' resource when several resource names share them.
 */
export function useRecordNoticeText(
    resource?: string,
    textsOf?: string,
): (event: RecordEvent, record: RaRecord) => RecordNoticeText {
    const fromContext = useResourceContext();
    const name = resource ?? fromContext ?? '';
    const texts = textsOf ?? name;
    const represent = useGetRecordRepresentation(name);
    return useCallback(
        (event, record) => ({
            key: `app.recordNotices.${texts}.${event}`,
            values: { name: String(represent(record) ?? '') },
        }),
        [texts, represent],
    );
}

/** Shows the notice of a record event as a success toast. */
export function useRecordNotice(resource?: string): (event: RecordEvent, record: RaRecord) => void {
    const text = useRecordNoticeText(resource);
    const notify = useNotify();
    return useCallback(
        (event, record) => {
            const { key, values } = text(event, record);
            notify(key, { type: 'success', messageArgs: values });
        },
        [text, notify],
    );
}

/**
 * `mutationOptions.onSuccess` of a Create or Edit view: the notice naming the saved record, then
 * the redirect the view would have made (react-admin skips both when `onSuccess` is given).
 */
export function useSavedRecordNotice(
    event: 'created' | 'updated',
    redirectTo: RedirectionSideEffect,
): (record: RaRecord) => void {
    const resource = useResourceContext() ?? '';
    const notice = useRecordNotice(resource);
    const redirect = useRedirect();
    return useCallback(
        (record) => {
            notice(event, record);
            redirect(redirectTo, resource, record.id, record);
        },
        [notice, redirect, redirectTo, event, resource],
    );
}
