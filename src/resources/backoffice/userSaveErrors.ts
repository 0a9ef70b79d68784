import type { AppDialogOptions } from '../../layout/dialogs/AppDialog';

/** Server codes the user dialog explains (domain §8); others get the operation's generic text. */
const explainedUserErrors = [
    'DUPLICATE_EMAIL',
    'DUPLICATE_PHONE_NUMBER',
    'DUPLICATE_USERNAME',
    'TENANT_MAX_TEMP_DRIVERS_REACHED',
    'STALE_RECORD',
] as const;

/** The `code` of an error answer (`{code, message, details}` in react-admin's `HttpError.body`). */
function errorCodeOf(error: unknown): string | undefined {
    if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
    const body = (error as { body: unknown }).body;
    return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
        ? body.code
        : undefined;
}

/**
 * The alert of a failed save (shell §8): a failed data save shows the generic error with a
 * description chosen by the server's code, the e-mail and mobile filled in; a failed permission
 * update shows the generic error alone.
 */
export function saveErrorAlert(
    error: unknown,
    operation: 'add' | 'update' | 'permissions',
    values: { email: string; mobilePhone: string | null },
): AppDialogOptions {
    if (operation === 'permissions') return { type: 'error' };
    const code = errorCodeOf(error);
    const known = explainedUserErrors.find((candidate) => candidate === code);
    return {
        type: 'error',
        descriptionKey: known
            ? `app.userErrors.${known}`
            : `app.userErrors.${operation === 'add' ? 'addFailed' : 'updateFailed'}`,
        values: {
            email: values.email,
            mobilePhone: values.mobilePhone ?? '',
            username: values.email,
        },
    };
}
