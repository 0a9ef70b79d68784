import {
    AdminCreateUserCommand,
    AdminDeleteUserCommand,
    AdminDisableUserCommand,
    AdminEnableUserCommand,
    AdminGetUserCommand,
    AdminSetUserMFAPreferenceCommand,
    AdminSetUserPasswordCommand,
    AdminUserGlobalSignOutCommand,
    CognitoIdentityProviderClient,
    UserNotFoundException,
    type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { createInjectHandler } from './inject-handler.js';

/** An identity as the rest of the server sees it. */
interface IdentityAdminUser {
    username: string;
    sub: string;
    status: string;
    enabled: boolean;
    email?: string;
    attributes: Record<string, string>;
    mfaEnabled: boolean;
}

interface CreateIdentityInput {
    username: string;
    /** Absent for identities without an e-mail (driver accounts); the invitation then cannot be sent. */
    email?: string;
    /** Omit to let the identity provider generate one (sent with the invitation). */
    temporaryPassword?: string;
    /** Further attributes, e.g. `{ 'custom:mfa_setup': 'true' }`. */
    attributes?: Record<string, string>;
    /** Send the invitation e-mail with the temporary password. */
    sendInvitation: boolean;
}

/** How the server manages identities, in both modes, only through the AWS SDK's Cognito Admin calls. */
export interface IdentityAdmin {
    createUser(input: CreateIdentityInput): Promise<IdentityAdminUser>;
    /**
     * Sends the invitation again with a new temporary password (AdminCreateUser with RESEND);
     * UnsupportedUserStateException when the identity already set its own password.
     */
    resendInvitation(username: string): Promise<void>;
    disableUser(username: string): Promise<void>;
    enableUser(username: string): Promise<void>;
    deleteUser(username: string): Promise<void>;
    setPassword(username: string, password: string, permanent: boolean): Promise<void>;
    globalSignOut(username: string): Promise<void>;
    /** Turns the user's TOTP MFA off (embedded: also forgets the secret), e.g. after a lost authenticator. */
    resetMfa(username: string): Promise<void>;
    /** The identity, or undefined when there is none of this name. */
    getUser(username: string): Promise<IdentityAdminUser | undefined>;
    /** The SDK client itself, for calls the helpers do not cover. */
    client: CognitoIdentityProviderClient;
}

declare module 'fastify' {
    interface FastifyInstance {
        identityAdmin: IdentityAdmin;
    }
}

/**
 * The SDK client: with a real pool, the region's endpoint and the standard credential chain;
 * embedded, the in-process endpoint (no network hop) signed with the embedded admin credentials.
 */
export function createCognitoAdminClient(
    fastify: FastifyInstance,
    config: AppConfig['identity'],
): CognitoIdentityProviderClient {
    // The locked SDK works on Node 20; its notice that releases after January 2027 need Node 22
    // is recorded in docs/decisions.md instead of being printed by every process.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    if (config.mode === 'cognito')
        return new CognitoIdentityProviderClient({ region: config.region });
    return new CognitoIdentityProviderClient({
        region: config.region,
        // Only the Host header matters (it is signed); the request never leaves the process.
        endpoint: `${new URL(config.issuer).origin}/cognito-idp/`,
        credentials: {
            accessKeyId: config.admin.accessKeyId,
            secretAccessKey: config.admin.secretAccessKey,
        },
        requestHandler: createInjectHandler(fastify),
    });
}

function toUser(
    username: string,
    list: AttributeType[] | undefined,
    status: string | undefined,
    enabled: boolean | undefined,
    mfa: string[] | undefined,
): IdentityAdminUser {
    const attributes = Object.fromEntries(
        (list ?? []).map((attribute) => [attribute.Name ?? '', attribute.Value ?? '']),
    );
    return {
        username,
        sub: attributes.sub ?? '',
        status: status ?? 'UNKNOWN',
        enabled: enabled ?? false,
        email: attributes.email,
        attributes,
        mfaEnabled: (mfa ?? []).includes('SOFTWARE_TOKEN_MFA'),
    };
}

/** Typed helpers over the SDK client; errors are the SDK's typed exceptions (UsernameExistsException, ...). */
export function createIdentityAdmin(
    client: CognitoIdentityProviderClient,
    userPoolId: string,
): IdentityAdmin {
    const UserPoolId = userPoolId;
    return {
        client,
        async createUser(input) {
            const emailAttributes =
                input.email === undefined ? {} : { email: input.email, email_verified: 'true' };
            const UserAttributes = Object.entries({ ...emailAttributes, ...input.attributes }).map(
                ([Name, Value]) => ({ Name, Value }),
            );
            const { User } = await client.send(
                new AdminCreateUserCommand({
                    UserPoolId,
                    Username: input.username,
                    UserAttributes,
                    TemporaryPassword: input.temporaryPassword,
                    MessageAction: input.sendInvitation ? undefined : 'SUPPRESS',
                    DesiredDeliveryMediums: ['EMAIL'],
                }),
            );
            return toUser(
                User?.Username ?? input.username,
                User?.Attributes,
                User?.UserStatus,
                User?.Enabled,
                undefined,
            );
        },
        resendInvitation: async (Username) =>
            void (await client.send(
                new AdminCreateUserCommand({
                    UserPoolId,
                    Username,
                    MessageAction: 'RESEND',
                    DesiredDeliveryMediums: ['EMAIL'],
                }),
            )),
        disableUser: async (Username) =>
            void (await client.send(new AdminDisableUserCommand({ UserPoolId, Username }))),
        enableUser: async (Username) =>
            void (await client.send(new AdminEnableUserCommand({ UserPoolId, Username }))),
        deleteUser: async (Username) =>
            void (await client.send(new AdminDeleteUserCommand({ UserPoolId, Username }))),
        setPassword: async (Username, Password, Permanent) =>
            void (await client.send(
                new AdminSetUserPasswordCommand({ UserPoolId, Username, Password, Permanent }),
            )),
        globalSignOut: async (Username) =>
            void (await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username }))),
        resetMfa: async (Username) =>
            void (await client.send(
                new AdminSetUserMFAPreferenceCommand({
                    UserPoolId,
                    Username,
                    SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
                }),
            )),
        async getUser(Username) {
            try {
                const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username }));
                return toUser(
                    user.Username ?? Username,
                    user.UserAttributes,
                    user.UserStatus,
                    user.Enabled,
                    user.UserMFASettingList,
                );
            } catch (error) {
                if (error instanceof UserNotFoundException) return undefined;
                throw error;
            }
        },
    };
}
