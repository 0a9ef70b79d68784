import { and, desc, eq, inArray } from 'drizzle-orm';
import { backOfficeUserTypes } from '../../domain/enums.js';
import { configurationRequiresMfa } from '../../domain/mfaRequirement.js';
import type { Queryable } from '../db/client.js';
import { tenantConfigRevisions, users } from '../db/schema/index.js';
import type { Identity } from './directory.js';

const MFA_SETUP_ATTRIBUTE = 'custom:mfa_setup';

/** True when the back-office user behind this identity belongs to an organisation that requires MFA. */
async function organisationRequiresMfa(db: Queryable, sub: string): Promise<boolean> {
    const [current] = await db
        .select({ document: tenantConfigRevisions.document })
        .from(users)
        .innerJoin(tenantConfigRevisions, eq(tenantConfigRevisions.tenantId, users.tenantId))
        .where(and(eq(users.identitySub, sub), inArray(users.type, [...backOfficeUserTypes])))
        .orderBy(desc(tenantConfigRevisions.revision))
        .limit(1);
    return configurationRequiresMfa(current?.document);
}

/**
 * Whether the identity must have MFA (shell §4 setup mode): marked so by an administrator
 * (`custom:mfa_setup = "true"`), or a back-office user of an organisation whose client
 * configuration requires it (`frontend.requireMfa`), read at each sign-in so a change of the
 * requirement or of the user's organisation counts from the next sign-in on.
 */
export async function mfaRequired(db: Queryable, identity: Identity): Promise<boolean> {
    if (identity.attributes[MFA_SETUP_ATTRIBUTE] === 'true') return true;
    return organisationRequiresMfa(db, identity.sub);
}

/** Identities that must have MFA and have none yet get the MFA_SETUP challenge at sign-in. */
export const mustSetUpMfa = async (db: Queryable, identity: Identity) =>
    !identity.mfaEnabled && (await mfaRequired(db, identity));

/** The identity as GetUser shows it: `custom:mfa_setup` is "true" whenever MFA is required, so the browser can tell. */
export async function withMfaRequirement(db: Queryable, identity: Identity): Promise<Identity> {
    if (identity.attributes[MFA_SETUP_ATTRIBUTE] === 'true') return identity;
    if (!(await organisationRequiresMfa(db, identity.sub))) return identity;
    return { ...identity, attributes: { ...identity.attributes, [MFA_SETUP_ATTRIBUTE]: 'true' } };
}
