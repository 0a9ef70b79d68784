import type { Operation } from './operation.js';
import { getTokensFromRefreshToken } from './get-tokens-from-refresh-token.js';
import { getUser } from './get-user.js';
import { globalSignOut } from './global-sign-out.js';
import { initiateAuth } from './initiate-auth.js';
import { revokeToken } from './revoke-token.js';

/** Every operation the endpoint serves; a new operation is one file and one entry here. */
const all: Operation[] = [initiateAuth, getTokensFromRefreshToken, getUser, revokeToken, globalSignOut];

export const operations: ReadonlyMap<string, Operation> = new Map(all.map((operation) => [operation.name, operation]));
