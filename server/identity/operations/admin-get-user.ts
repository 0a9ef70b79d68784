import { Type } from 'typebox';
import { userForAdmin, userType } from '../admin-users.js';
import { attributeList, mfaSettings } from '../user-attributes.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const AdminGetUserInput = Type.Object({ UserPoolId, Username });

/** AdminGetUser: status, attributes and MFA settings, for the server to read an identity. */
export const adminGetUser = defineOperation(
    'AdminGetUser',
    AdminGetUserInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        return {
            ...userType(identity),
            UserAttributes: attributeList(identity),
            ...mfaSettings(identity),
        };
    },
    'sigv4',
);
