import { Type } from 'typebox';

/** Shared input atoms. Unknown fields (UserContextData, AnalyticsMetadata, DeviceKey) are accepted and ignored, as Amplify may send them. */
export const ClientId = Type.String({ minLength: 1, maxLength: 128 });
export const JwtToken = Type.String({
    minLength: 1,
    maxLength: 16_384,
    pattern: '^[A-Za-z0-9\\-_=.]+$',
});
export const RefreshToken = Type.String({ minLength: 1, maxLength: 16_384 });
export const StringMap = Type.Record(Type.String(), Type.String({ maxLength: 16_384 }), {
    maxProperties: 64,
});
export const ClientMetadata = Type.Optional(StringMap);
/** Cognito's Session: 20–2048 characters. */
export const Session = Type.String({ minLength: 20, maxLength: 2048 });
/** Cognito's UserCode: 6 digits. */
export const UserCode = Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]+$' });
/** Passwords as Cognito bounds them (the policy is checked apart, for its own error name). */
export const Password = Type.String({ minLength: 1, maxLength: 256 });
export const Username = Type.String({ minLength: 1, maxLength: 128, pattern: '^[^\\s]+$' });
export const UserPoolId = Type.String({
    minLength: 1,
    maxLength: 55,
    pattern: '^[\\w-]+_[0-9a-zA-Z]+$',
});
export const ConfirmationCode = Type.String({ minLength: 1, maxLength: 2048, pattern: '^[\\S]+$' });
export const AttributeList = Type.Array(
    Type.Object({
        Name: Type.String({ minLength: 1, maxLength: 32 }),
        Value: Type.Optional(Type.String({ maxLength: 2048 })),
    }),
    {
        maxItems: 50,
    },
);
