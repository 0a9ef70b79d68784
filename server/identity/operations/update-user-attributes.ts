import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { invalidParameter, notAuthorized } from '../cognito-error.js';
import { notifyIdentity } from '../notify.js';
import { assertRecentSignIn } from '../recency.js';
import { signedIn } from '../signed-in.js';
import { ADMIN_ONLY_ATTRIBUTES, EMAIL_PATTERN } from '../user-attributes.js';
import { defineOperation } from './operation.js';
import { AttributeList, ClientMetadata, JwtToken } from './schemas.js';

const UpdateUserAttributesInput = Type.Object({
    UserAttributes: AttributeList,
    AccessToken: JwtToken,
    ClientMetadata,
});

/**
 * UpdateUserAttributes: the user may change `email` (recent sign-in needed; the address becomes
 * unverified and the old one is told) and the values of custom attributes they already have,
 * except administrator-managed ones such as `custom:mfa_setup` ("unauthorized attribute", as
 * Cognito answers for attributes the app client may not write). Nothing else; no new attributes.
 */
export const updateUserAttributes = defineOperation(
    'UpdateUserAttributes',
    UpdateUserAttributesInput,
    async (input, ctx) => {
        const now = new Date();
        const { identity, session } = await signedIn(ctx, input.AccessToken);
        const custom = { ...identity.attributes };
        let email = identity.email;
        for (const { Name, Value = '' } of input.UserAttributes) {
            if (Name === 'email') {
                if (!EMAIL_PATTERN.test(Value))
                    throw invalidParameter('Invalid email address format.');
                email = Value.toLowerCase();
            } else if (!Name.startsWith('custom:') || ADMIN_ONLY_ATTRIBUTES.has(Name)) {
                throw notAuthorized('A client attempted to write unauthorized attribute');
            } else if (!(Name in custom)) {
                throw invalidParameter(`Attribute does not exist in the schema: ${Name}`);
            } else custom[Name] = Value;
        }
        const emailChanged = email !== identity.email;
        if (emailChanged) assertRecentSignIn(session, now);
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({
                    attributes: custom,
                    ...(emailChanged ? { email, emailVerified: false } : {}),
                    updatedAt: now,
                })
                .where(eq(identityUsers.sub, identity.sub));
            if (emailChanged && email)
                await notifyIdentity(tx, identity, 'email-changed', { newEmail: email });
            const names = input.UserAttributes.map((attribute) => attribute.Name).join(',');
            await auditIdentityEvent(tx, ctx.request, {
                action: 'attributes-updated',
                sub: identity.sub,
                details: { attributes: names },
            });
        });
        return {};
    },
);
