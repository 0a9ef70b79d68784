import { adminCreateUser } from './admin-create-user.js';
import { adminDeleteUser } from './admin-delete-user.js';
import { adminDisableUser } from './admin-disable-user.js';
import { adminEnableUser } from './admin-enable-user.js';
import { adminGetUser } from './admin-get-user.js';
import { adminSetUserMfaPreference } from './admin-set-user-mfa-preference.js';
import { adminSetUserPassword } from './admin-set-user-password.js';
import { adminUserGlobalSignOut } from './admin-user-global-sign-out.js';
import { associateSoftwareToken } from './associate-software-token.js';
import { changePassword } from './change-password.js';
import { confirmForgotPassword } from './confirm-forgot-password.js';
import { forgotPassword } from './forgot-password.js';
import { getTokensFromRefreshToken } from './get-tokens-from-refresh-token.js';
import { getUser } from './get-user.js';
import { globalSignOut } from './global-sign-out.js';
import { initiateAuth } from './initiate-auth.js';
import type { Operation } from './operation.js';
import { respondToAuthChallenge } from './respond-to-auth-challenge.js';
import { revokeToken } from './revoke-token.js';
import { setUserMfaPreference } from './set-user-mfa-preference.js';
import { updateUserAttributes } from './update-user-attributes.js';
import { verifySoftwareToken } from './verify-software-token.js';

/** Every operation the endpoint serves; a new operation is one file and one entry here. */
const all: Operation[] = [
    // Public (noAuth): Amplify and the SDK call these without AWS credentials.
    initiateAuth,
    respondToAuthChallenge,
    getTokensFromRefreshToken,
    getUser,
    revokeToken,
    globalSignOut,
    associateSoftwareToken,
    verifySoftwareToken,
    setUserMfaPreference,
    changePassword,
    forgotPassword,
    confirmForgotPassword,
    updateUserAttributes,
    // Admin API: SigV4-signed by the server's credentials.
    adminCreateUser,
    adminGetUser,
    adminDisableUser,
    adminEnableUser,
    adminDeleteUser,
    adminSetUserPassword,
    adminSetUserMfaPreference,
    adminUserGlobalSignOut,
];

export const operations: ReadonlyMap<string, Operation> = new Map(
    all.map((operation) => [operation.name, operation]),
);
