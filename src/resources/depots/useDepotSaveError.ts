import { useEffect, useState } from 'react';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { isDepotProblemRule } from '../../../domain/depots';
import { depotProblemText, type DepotProblemDetail } from './depotProblemText';

/** The address fields marked when the server could not geocode the address (the explanation names the coordinates). */
const addressFields = new Set(['street', 'postcode', 'locality']);

/**
 * The form fields a failed save names: every detail `/body/<field>` with a reason this browser
 * knows (ADDRESS_NOT_FOUND marks street, postcode and locality only). Empty when the answer names
 * no field (stale record, unexpected failures).
 */
export function depotFormFieldProblems(
    body: { code?: string; details?: DepotProblemDetail[] } | undefined,
): Record<string, DepotProblemDetail> {
    const fields: Record<string, DepotProblemDetail> = {};
    for (const detail of body?.details ?? []) {
        const field = detail.field?.startsWith('/body/')
            ? detail.field.slice('/body/'.length)
            : undefined;
        if (!field || !isDepotProblemRule(detail.rule) || fields[field]) continue;
        if (detail.rule === 'addressNotFound' && !addressFields.has(field)) continue;
        fields[field] = detail;
    }
    return fields;
}

/** Translated server problems by form field (a new object per failed save). */
export type DepotServerFieldErrors = Record<string, string>;

/**
 * Handles a failed save: problems the server names by field are shown on those fields (through
 * `<DepotServerErrors>` inside the form), in the user's language; a stale record and unexpected
 * failures keep the alert (`app.depots.errors.STALE_RECORD`, the catalogue's "update failure").
 */
export function useDepotSaveError(): {
    onError: (error: unknown) => void;
    fieldErrors: DepotServerFieldErrors | undefined;
} {
    const notify = useNotify();
    const translate = useTranslate();
    const [fieldErrors, setFieldErrors] = useState<DepotServerFieldErrors | undefined>();
    const onError = (error: unknown) => {
        const body = (error as HttpError | undefined)?.body as
            { code?: string; message?: string; details?: DepotProblemDetail[] } | undefined;
        const problems = Object.entries(depotFormFieldProblems(body));
        if (problems.length > 0) {
            setFieldErrors(
                Object.fromEntries(
                    problems.map(([field, detail]) => [
                        field,
                        depotProblemText(translate, detail, false),
                    ]),
                ),
            );
            return;
        }
        setFieldErrors(undefined);
        notify(
            body?.code === 'STALE_RECORD'
                ? 'app.depots.errors.STALE_RECORD'
                : 'app.depots.errors.generic',
            { type: 'error', autoHideDuration: 10_000 },
        );
    };
    return { onError, fieldErrors };
}

/**
 * Puts the server's field problems on the form's fields and moves the focus to the first (render
 * inside the form). They are set once the submission has ended: errors present when it ends
 * would make react-admin add its "the form is not valid" alert.
 */
export function DepotServerErrors({ errors }: { errors: DepotServerFieldErrors | undefined }) {
    const { setError } = useFormContext();
    const { isSubmitting } = useFormState();
    useEffect(() => {
        if (!errors || isSubmitting) return;
        // After the commit that ends the submission (react-admin's check reads the errors live in it).
        const timer = setTimeout(() =>
            Object.entries(errors).forEach(([field, message], index) =>
                setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
            ),
        );
        return () => clearTimeout(timer);
    }, [errors, isSubmitting, setError]);
    return null;
}
