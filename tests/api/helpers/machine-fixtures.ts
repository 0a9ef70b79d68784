import { randomUUID } from 'node:crypto';
import type { ApiScope } from '../../../domain/apiAccess.js';
import { createMachineTokens } from '../../../server/access/machine-tokens.js';
import { apiCredentials } from '../../../server/db/schema/index.js';
import type { TestApp } from './test-app.js';

/**
 * A machine access token of a fresh API credential of `tenantId` with `scopes`, as the token
 * endpoint would issue it (the credential row exists, so every request finds it).
 */
export async function machineTokenFor(
    t: Pick<TestApp, 'db' | 'config'>,
    tenantId: string,
    scopes: ApiScope[],
): Promise<{ token: string; credentialId: string }> {
    const credentialId = randomUUID();
    const clientId = `pbo_${credentialId.slice(0, 8)}`;
    await t.db.insert(apiCredentials).values({
        id: credentialId,
        tenantId,
        clientId,
        name: `Test ${clientId}`,
        scopes,
        secretHash: 'unused',
    });
    const { token } = await createMachineTokens(t.db, t.config).issue(
        { credentialId, clientId, tenantId, scopes },
        3600,
    );
    return { token, credentialId };
}
