import { useNotify, type HttpError } from 'react-admin';

const known = new Set([
    'DUPLICATE_TENANT_ID',
    'INVALID_TENANT_ID',
    'TENANT_COUNTRY_FIXED',
    'TENANT_REGION_REMOVED',
    'STALE_RECORD',
    'BAD_REQUEST',
    'NO_PERMISSION',
]);

/**
 * Shows a failed save with the catalogue's text for the server's code (domain §8 Organizations:
 * duplicate ID, invalid ID format, creation failure for anything else).
 */
export function useOrganizationSaveError(creating: boolean): (error: unknown) => void {
    const notify = useNotify();
    return (error) => {
        const code = (error as HttpError | undefined)?.body?.code as string | undefined;
        const fallback = creating
            ? 'app.organisations.errors.createFailed'
            : 'app.organisations.errors.updateFailed';
        notify(code && known.has(code) ? `app.organisations.errors.${code}` : fallback, {
            type: 'error',
        });
    };
}
