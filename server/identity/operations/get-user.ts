import { Type } from 'typebox';
import { notAuthorized } from '../cognito-error.js';
import { userAttributes } from '../user-attributes.js';
import { INVALID_ACCESS_TOKEN } from '../verify.js';
import { defineOperation } from './operation.js';
import { JwtToken } from './schemas.js';

const GetUserInput = Type.Object({ AccessToken: JwtToken });

/** GetUser: the caller's username and attributes (Amplify's fetchUserAttributes and fetchMFAPreference). */
export const getUser = defineOperation('GetUser', GetUserInput, async (input, ctx) => {
    const { identity } = await ctx.verifyAccess(input.AccessToken);
    if (!identity) throw notAuthorized(INVALID_ACCESS_TOKEN);
    const UserAttributes = Object.entries(userAttributes(identity)).map(([Name, Value]) => ({ Name, Value }));
    return { Username: identity.username, UserAttributes };
});
