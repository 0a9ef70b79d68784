import { eq, desc } from 'drizzle-orm';
import type { ErrorDetail } from '../../domain/contracts/common.js';
import { resolveTenantFrontendConfiguration } from '../../domain/tenantConfiguration.js';
import type { TenantFrontendConfiguration } from '../../domain/contracts/tenant-configuration.js';
import { fieldRuleMessages, type FieldRule } from '../../domain/userRules.js';
import type { Queryable } from '../db/client.js';
import { tenantConfigRevisions, tenants } from '../db/schema/index.js';
import { badRequest } from '../errors.js';

/** One broken field rule as a 400 detail (common contract: `/body/<name>`, `<name> <rule text>`). */
function ruleDetail(name: string, rule: FieldRule): ErrorDetail {
    return { field: `/body/${name}`, message: `${name} ${fieldRuleMessages[rule]}` };
}

/** Throws 400 BAD_REQUEST naming every broken rule; does nothing when all pass. */
export function assertRules(checks: Record<string, FieldRule | null>): void {
    const details = Object.entries(checks).flatMap(([name, rule]) =>
        rule ? [ruleDetail(name, rule)] : [],
    );
    const [first] = details;
    if (first) throw badRequest(first.message, details);
}

/** True when a database error (or one of its causes) is a unique violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        const record = cause as { code?: unknown; constraint?: unknown; message?: unknown };
        if (record.code === '23505') {
            if (!constraint) return true;
            return (
                record.constraint === constraint ||
                (typeof record.message === 'string' && record.message.includes(constraint))
            );
        }
    }
    return false;
}

/** The organisation's frontend configuration (latest revision) and time zone. */
export async function tenantSettings(
    db: Queryable,
    tenantId: string,
): Promise<{ frontend: TenantFrontendConfiguration; timeZone: string } | undefined> {
    const [tenant] = await db
        .select({
            from: tenants.businessHoursFrom,
            to: tenants.businessHoursTo,
            timeZone: tenants.timeZone,
        })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
    if (!tenant) return undefined;
    const [latest] = await db
        .select({ document: tenantConfigRevisions.document })
        .from(tenantConfigRevisions)
        .where(eq(tenantConfigRevisions.tenantId, tenantId))
        .orderBy(desc(tenantConfigRevisions.revision))
        .limit(1);
    return {
        frontend: resolveTenantFrontendConfiguration(latest?.document, {
            from: tenant.from,
            to: tenant.to,
        }),
        timeZone: tenant.timeZone,
    };
}
