import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TenantConfiguration } from '../../../domain/contracts/tenant-configuration.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import {
    resolveTenantFrontendConfiguration,
    tenantConfigurationKey,
} from '../../../domain/tenantConfiguration.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { tenantConfigRevisions, tenants } from '../../db/schema/index.js';

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
    const candidates = await db
        .select({ id: tenants.id, from: tenants.businessHoursFrom, to: tenants.businessHoursTo })
        .from(tenants)
        .where(sql`replace(${tenants.id}, '_', '-') = ${tenantConfigurationKey(key)}`)
        .orderBy(asc(tenants.id));
    const allowed = candidates.filter((tenant) => holdsScopeIn(scopes, tenant.id));
    const tenant = allowed.find((candidate) => candidate.id === key) ?? allowed[0];
    if (!tenant) return undefined;
    const [latest] = await db
        .select({ document: tenantConfigRevisions.document })
        .from(tenantConfigRevisions)
        .where(eq(tenantConfigRevisions.tenantId, tenant.id))
        .orderBy(desc(tenantConfigRevisions.revision))
        .limit(1);
    return {
        id: tenant.id,
        frontend: resolveTenantFrontendConfiguration(latest?.document, {
            from: tenant.from,
            to: tenant.to,
        }),
    };
}
