import { Type } from 'typebox';

/** Shared input atoms. Unknown fields (UserContextData, AnalyticsMetadata, DeviceKey) are accepted and ignored, as Amplify may send them. */
export const ClientId = Type.String({ minLength: 1, maxLength: 128 });
export const JwtToken = Type.String({ minLength: 1, maxLength: 16_384, pattern: '^[A-Za-z0-9\\-_=.]+$' });
export const RefreshToken = Type.String({ minLength: 1, maxLength: 16_384 });
export const StringMap = Type.Record(Type.String(), Type.String({ maxLength: 16_384 }), { maxProperties: 64 });
export const ClientMetadata = Type.Optional(StringMap);
