import { Type } from 'typebox';
import { createInvitedIdentity, resendInvitation } from '../flows/invitation.js';
import { defineOperation } from './operation.js';
import { AttributeList, ClientMetadata, Password, UserPoolId, Username } from './schemas.js';

const AdminCreateUserInput = Type.Object({
    UserPoolId,
    Username,
    UserAttributes: Type.Optional(AttributeList),
    ValidationData: Type.Optional(AttributeList),
    TemporaryPassword: Type.Optional(Password),
    ForceAliasCreation: Type.Optional(Type.Boolean()),
    MessageAction: Type.Optional(Type.Union([Type.Literal('RESEND'), Type.Literal('SUPPRESS')])),
    DesiredDeliveryMediums: Type.Optional(
        Type.Array(Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')]), { maxItems: 2 }),
    ),
    ClientMetadata,
});

/**
 * AdminCreateUser: a FORCE_CHANGE_PASSWORD identity with a temporary password (from the
 * CSPRNG unless given) valid TEMP_PASSWORD_VALIDITY_DAYS; the invitation e-mail carries it
 * unless MessageAction is SUPPRESS. RESEND issues a new temporary password to an identity that
 * has not signed in yet. Only e-mail delivery exists (DesiredDeliveryMediums is ignored).
 */
export const adminCreateUser = defineOperation(
    'AdminCreateUser',
    AdminCreateUserInput,
    async (input, ctx) => {
        const request = {
            userPoolId: input.UserPoolId,
            username: input.Username,
            temporaryPassword: input.TemporaryPassword,
        };
        const identity =
            input.MessageAction === 'RESEND'
                ? await resendInvitation(ctx, request)
                : await createInvitedIdentity(ctx, {
                      ...request,
                      attributes: input.UserAttributes,
                      sendInvitation: input.MessageAction !== 'SUPPRESS',
                  });
        return { User: identity };
    },
    'sigv4',
);
