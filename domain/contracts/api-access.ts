/**
 * The API access management service (`/api-access/api/v1`, domain §2, §6): API credentials
 * (answers never carry a secret's hash; the secret itself only in the create and rotate answers)
 * and the token exchange of machine clients (OAuth 2.0 client credentials, RFC 6749 §4.4).
 */
import { Type, type Static } from 'typebox';
import { apiScopes, credentialStatuses, CREDENTIAL_NAME_MAX } from '../apiAccess.js';
import { IdName } from './common.js';

const IsoTime = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([IsoTime, Type.Null()]);

/** A credential as every answer shows it: never its secret or the secret's hash. */
export const ApiCredential = Type.Object(
    {
        id: Type.String(),
        tenantId: Type.String(),
        clientId: Type.String(),
        name: Type.String(),
        scopes: Type.Array(Type.Enum(apiScopes)),
        expiresAt: Type.Union([IsoTime, Type.Null()], { description: 'Null: never expires' }),
        revokedAt: NullableTime,
        lastUsedAt: NullableTime,
        rotatedAt: NullableTime,
        createdAt: IsoTime,
        createdBy: Type.Union([IdName, Type.Null()]),
        status: Type.Enum(credentialStatuses),
        version: Type.Integer(),
    },
    { additionalProperties: false },
);
export type ApiCredential = Static<typeof ApiCredential>;

/** The answer of a create or a rotation: the credential plus its secret, shown this once. */
export const ApiCredentialWithSecret = Type.Object(
    { ...ApiCredential.properties, clientSecret: Type.String() },
    { additionalProperties: false },
);
export type ApiCredentialWithSecret = Static<typeof ApiCredentialWithSecret>;

const Name = Type.String({ minLength: 1, maxLength: CREDENTIAL_NAME_MAX });
const Scopes = Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 });
const ExpiresAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** `POST /credentials` (the rules of domain/apiAccess.ts `apiCredentialErrors` apply). */
export const ApiCredentialBody = Type.Object(
    {
        tenantId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
        name: Name,
        scopes: Scopes,
        expiresAt: ExpiresAt,
    },
    { additionalProperties: false },
);
export type ApiCredentialBody = Static<typeof ApiCredentialBody>;

/** `PUT /credentials/:id`: name, scopes and expiry, plus the version it was based on. */
export const ApiCredentialUpdateBody = Type.Object(
    {
        name: Name,
        scopes: Scopes,
        expiresAt: ExpiresAt,
        version: Type.Integer({ minimum: 1 }),
    },
    // react-admin's update sends the whole record back: other fields are ignored.
    { additionalProperties: true },
);
export type ApiCredentialUpdateBody = Static<typeof ApiCredentialUpdateBody>;

export const ApiCredentialParams = Type.Object({
    id: Type.String({ minLength: 1, maxLength: 64 }),
});

/** Filters of the credential list: the organisation, a search in name and client id, a status, ids (getMany). */
export const ApiCredentialFilter = Type.Object(
    {
        tenantId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
        q: Type.Optional(Type.String({ maxLength: 100 })),
        status: Type.Optional(Type.Enum(credentialStatuses)),
        id: Type.Optional(
            Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 500 })]),
        ),
    },
    { additionalProperties: false },
);
export type ApiCredentialFilter = Static<typeof ApiCredentialFilter>;

/** The fields the credential list sorts by. */
export const credentialSortFields = [
    'name',
    'clientId',
    'createdAt',
    'expiresAt',
    'lastUsedAt',
] as const;
export type CredentialSortField = (typeof credentialSortFields)[number];

/** RFC 6749 §4.4.2 token request (form fields; client id and secret may come by HTTP Basic instead). */
export const ApiTokenRequest = Type.Object(
    {
        grant_type: Type.Optional(Type.String({ maxLength: 100 })),
        scope: Type.Optional(Type.String({ maxLength: 500 })),
        client_id: Type.Optional(Type.String({ maxLength: 200 })),
        client_secret: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: true },
);
export type ApiTokenRequest = Static<typeof ApiTokenRequest>;

/** What a token request answers (RFC 6749 §5.1). */
export const ApiTokenResponse = Type.Object({
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    scope: Type.String(),
});
export type ApiTokenResponse = Static<typeof ApiTokenResponse>;

/** An OAuth error (RFC 6749 §5.2) carrying the product's error envelope too (code from the catalogue). */
export const OAuthError = Type.Object({
    error: Type.String(),
    error_description: Type.String(),
    code: Type.String(),
    message: Type.String(),
    details: Type.Array(
        Type.Object({ field: Type.Optional(Type.String()), message: Type.String() }),
    ),
});
export type OAuthError = Static<typeof OAuthError>;
