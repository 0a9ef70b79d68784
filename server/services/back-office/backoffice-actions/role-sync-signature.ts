import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson, roleSyncContent } from '../../../../domain/roleSync.js';
import type {
    RoleChange,
    RoleSyncContent,
} from '../../../../domain/contracts/backoffice-actions.js';

/** HMAC-SHA256 (base64url) of the canonical form of everything but the signature. */
export function signRoleSync(content: RoleSyncContent, secret: string): string {
    return createHmac('sha256', secret)
        .update(canonicalJson(roleSyncContent(content)))
        .digest('base64url');
}

/** True when the file's signature was made with `secret` over exactly this content. */
export function roleSyncSignatureValid(
    file: RoleSyncContent & { signature: string },
    secret: string,
): boolean {
    const expected = Buffer.from(signRoleSync(file, secret));
    const given = Buffer.from(file.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A digest of a preview's changes: the import compares it so that what is applied is what was previewed. */
export function roleSyncChecksum(changes: readonly RoleChange[]): string {
    return createHash('sha256').update(canonicalJson(changes)).digest('hex');
}
