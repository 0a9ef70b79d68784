import { desc, eq, sql } from 'drizzle-orm';
import type { TenantConfiguration } from '../../../domain/contracts/tenant-configuration.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import {
    resolveTenantFrontendConfiguration,
    tenantConfigurationKey,
} from '../../../domain/tenantConfiguration.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { referenceData } from '../../db/reference-data.js';
import { tenantConfigRevisions } from '../../db/schema/index.js';

/** True when the caller holds any scope in the tenant (or all tenants). */
function holdsScopeIn(scopes: ScopeSet, tenantId: string): boolean {
    return (
        scopes === 'ALL' ||
        scopes.some((scope) => scope === '' || splitScopePath(scope)[0] === tenantId)
    );
}

/**
 * The configuration of the tenant whose id, with `_` written as `-`, is `key` (shell §7), among
 * the tenants the caller holds a scope in; an exact id wins over a mapped one. Undefined when
 * there is none, so another tenant answers like an unknown one.
 */
export async function findTenantConfiguration(
    db: Queryable,
    scopes: ScopeSet,
    key: string,
): Promise<TenantConfiguration | undefined> {
    const wanted = tenantConfigurationKey(key);
    const candidates = (await referenceData(db)).tenants
        .filter((tenant) => tenantConfigurationKey(tenant.id) === wanted)
        .map((tenant) => ({
            id: tenant.id,
            from: tenant.businessHoursFrom,
            to: tenant.businessHoursTo,
        }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const allowed = candidates.filter((tenant) => holdsScopeIn(scopes, tenant.id));
    const tenant = allowed.find((candidate) => candidate.id === key) ?? allowed[0];
    if (!tenant) return undefined;
    const [latest] = await preparedStatement(db, 'tenant_configuration_latest', (query, name) =>
        query
            .select({ document: tenantConfigRevisions.document })
            .from(tenantConfigRevisions)
            .where(eq(tenantConfigRevisions.tenantId, sql.placeholder('tenantId')))
            .orderBy(desc(tenantConfigRevisions.revision))
            .limit(1)
            .prepare(name),
    ).execute({ tenantId: tenant.id });
    return {
        id: tenant.id,
        frontend: resolveTenantFrontendConfiguration(latest?.document, {
            from: tenant.from,
            to: tenant.to,
        }),
    };
}
