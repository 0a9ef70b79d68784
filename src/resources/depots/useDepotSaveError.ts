import { useNotify, type HttpError } from 'react-admin';

const known = new Set(['ADDRESS_NOT_FOUND', 'DUPLICATE_DEVICE_MAPPING', 'DUPLICATE_EXTERNAL_DEPOT_ID', 'INVALID_DEVICE_MAPPING_FORMAT', 'STALE_RECORD', 'BAD_REQUEST']);

/** Shows a failed save with the catalogue text of the server's code (`app.depots.errors.<code>`) and the server's own explanation. */
export function useDepotSaveError(): (error: unknown) => void {
    const notify = useNotify();
    return (error) => {
        const body = (error as HttpError | undefined)?.body as { code?: string; message?: string } | undefined;
        const code = body?.code;
        notify(code && known.has(code) ? `app.depots.errors.${code}` : 'app.depots.errors.generic', {
            type: 'error',
            messageArgs: { details: body?.message ?? '' },
            autoHideDuration: 10_000,
        });
    };
}
