/**
 * Whether an organisation requires two-step sign-in (TOTP) of its back-office users: the
 * `frontend.requireMfa` key of its client configuration (schemas/v1/tenant.json). Documents
 * are saved by people, so anything but `true` means not required.
 */
export function configurationRequiresMfa(document: unknown): boolean {
    if (typeof document !== 'object' || document === null) return false;
    const frontend = (document as { frontend?: unknown }).frontend;
    return (
        typeof frontend === 'object' &&
        frontend !== null &&
        (frontend as { requireMfa?: unknown }).requireMfa === true
    );
}
