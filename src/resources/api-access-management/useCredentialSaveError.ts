import { useNotify, type HttpError } from 'react-admin';

/** Notifies a failed credential write by the server's code (stale copy, revoked, expired, field faults). */
export function useCredentialSaveError(): (error: unknown) => void {
    const notify = useNotify();
    return (error) => {
        const body = (error as HttpError | undefined)?.body as
            { code?: string; details?: { field?: string; message: string }[] } | undefined;
        const known: Record<string, string> = {
            STALE_RECORD: 'app.apiAccess.errors.stale',
            CREDENTIAL_REVOKED: 'app.apiAccess.errors.revoked',
            CREDENTIAL_EXPIRED: 'app.apiAccess.errors.expired',
            BAD_REQUEST: 'app.apiAccess.errors.invalid',
        };
        notify(known[body?.code ?? ''] ?? 'app.apiAccess.errors.failed', {
            type: 'error',
            messageArgs: {
                details: body?.details?.map((detail) => detail.message).join('; ') ?? '',
            },
        });
    };
}
