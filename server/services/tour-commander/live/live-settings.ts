import { desc, eq } from 'drizzle-orm';
import type {
    BusinessHours,
    TenantFrontendConfiguration,
} from '../../../../domain/contracts/tenant-configuration.js';
import {
    isClockTime,
    resolveTenantFrontendConfiguration,
} from '../../../../domain/tenantConfiguration.js';
import type { Queryable } from '../../../db/client.js';
import { depotConfigRevisions, tenantConfigRevisions, tenants } from '../../../db/schema/index.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
const frontendOf = (document: unknown) =>
    isRecord(document) && isRecord(document.frontend) ? document.frontend : {};

/**
 * The business hours that apply: the depot's own when its client configuration sets valid ones,
 * else the organisation's (its record; a tenant revision's `businessHours` is not read).
 */
function businessHoursOf(
    depotFrontend: Record<string, unknown>,
    organisation: Partial<BusinessHours>,
): Partial<BusinessHours> {
    const own = depotFrontend.businessHours;
    return isRecord(own) && isClockTime(own.from) && isClockTime(own.to)
        ? { from: own.from, to: own.to }
        : organisation;
}

/**
 * The settings the live status of a depot follows: the organisation's frontend configuration,
 * with what the depot's own client configuration sets (business hours, refresh interval, last
 * update time) taking precedence, value by value; each invalid value falls back on its own.
 */
export async function liveSettingsOf(
    db: Queryable,
    tenantId: string,
    depotId: string,
): Promise<TenantFrontendConfiguration | undefined> {
    const [tenant] = await db
        .select({ from: tenants.businessHoursFrom, to: tenants.businessHoursTo })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
    if (!tenant) return undefined;
    const [[tenantRevision], [depotRevision]] = await Promise.all([
        db
            .select({ document: tenantConfigRevisions.document })
            .from(tenantConfigRevisions)
            .where(eq(tenantConfigRevisions.tenantId, tenantId))
            .orderBy(desc(tenantConfigRevisions.revision))
            .limit(1),
        db
            .select({ document: depotConfigRevisions.document })
            .from(depotConfigRevisions)
            .where(eq(depotConfigRevisions.depotId, depotId))
            .orderBy(desc(depotConfigRevisions.revision))
            .limit(1),
    ]);
    const depotFrontend = frontendOf(depotRevision?.document);
    return resolveTenantFrontendConfiguration(
        { frontend: { ...frontendOf(tenantRevision?.document), ...depotFrontend } },
        businessHoursOf(depotFrontend, tenant),
    );
}

/**
 * The live settings of every depot of an organisation that has its own client configuration,
 * and under '' the organisation's own (for the other depots).
 */
export async function liveSettingsOfDepots(
    db: Queryable,
    tenantId: string,
): Promise<Map<string, TenantFrontendConfiguration>> {
    const [tenant] = await db
        .select({ from: tenants.businessHoursFrom, to: tenants.businessHoursTo })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
    if (!tenant) return new Map();
    const [[tenantRevision], depotRevisions] = await Promise.all([
        db
            .select({ document: tenantConfigRevisions.document })
            .from(tenantConfigRevisions)
            .where(eq(tenantConfigRevisions.tenantId, tenantId))
            .orderBy(desc(tenantConfigRevisions.revision))
            .limit(1),
        db
            .selectDistinctOn([depotConfigRevisions.depotId], {
                depotId: depotConfigRevisions.depotId,
                document: depotConfigRevisions.document,
            })
            .from(depotConfigRevisions)
            .where(eq(depotConfigRevisions.tenantId, tenantId))
            .orderBy(depotConfigRevisions.depotId, desc(depotConfigRevisions.revision)),
    ]);
    const byDepot = new Map<string, TenantFrontendConfiguration>();
    const organisation = frontendOf(tenantRevision?.document);
    byDepot.set('', resolveTenantFrontendConfiguration({ frontend: organisation }, tenant));
    for (const revision of depotRevisions) {
        const depotFrontend = frontendOf(revision.document);
        byDepot.set(
            revision.depotId,
            resolveTenantFrontendConfiguration(
                { frontend: { ...organisation, ...depotFrontend } },
                businessHoursOf(depotFrontend, tenant),
            ),
        );
    }
    return byDepot;
}
