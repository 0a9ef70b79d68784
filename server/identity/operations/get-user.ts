import { Type } from 'typebox';
import { withMfaRequirement } from '../mfa-requirement.js';
import { signedIn } from '../signed-in.js';
import { attributeList, mfaSettings } from '../user-attributes.js';
import { defineOperation } from './operation.js';
import { JwtToken } from './schemas.js';

const GetUserInput = Type.Object({ AccessToken: JwtToken });

/** GetUser: the caller's username, attributes and, when MFA is on, its settings (Amplify's fetchUserAttributes and fetchMFAPreference). */
export const getUser = defineOperation('GetUser', GetUserInput, async (input, ctx) => {
    const { identity } = await signedIn(ctx, input.AccessToken);
    return {
        Username: identity.username,
        UserAttributes: attributeList(await withMfaRequirement(ctx.db, identity)),
        ...mfaSettings(identity),
    };
});
