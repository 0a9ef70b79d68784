import { useGetIdentity } from 'ra-core';
import type { UserProfile } from '../domain/contracts/profile';
import type { AppIdentity } from './authProvider';

/** The signed-in user's profile for pages and guards (fetched once per sign-in by the auth provider). */
export function useUserProfile(): {
    profile: UserProfile | undefined;
    isPending: boolean;
    error: unknown;
} {
    const { identity, isPending, error } = useGetIdentity();
    return { profile: (identity as AppIdentity | undefined)?.profile, isPending, error };
}
