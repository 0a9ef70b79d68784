import { useNotify, type HttpError } from 'react-admin';

const known = new Set([
    'DUPLICATE_ROLE_NAME',
    'STALE_RECORD',
    'ROLE_IS_ASSIGNED_TO_USER',
    'BAD_REQUEST',
    'NO_PERMISSION',
]);

/** Shows a failed save with the text of the server's code (`app.roles.errors.<code>`). */
export function useRoleSaveError(): (error: unknown) => void {
    const notify = useNotify();
    return (error) => {
        const code = (error as HttpError | undefined)?.body?.code as string | undefined;
        notify(code && known.has(code) ? `app.roles.errors.${code}` : 'app.roles.errors.generic', {
            type: 'error',
        });
    };
}
