import { Navigate, Outlet } from 'react-router-dom';
import type { AppContext } from '../../domain/enums';
import { contextsOf } from '../../domain/permissions';
import { useUserProfile } from '../useUserProfile';
import { ProfileFallback } from './ProfileFallback';

/** Guards a context-bound route: a user without the context goes to the error page (shell §2.8). */
export function RequireContext({ context }: { context: AppContext }) {
    const { profile, isPending } = useUserProfile();
    if (!profile) return <ProfileFallback isPending={isPending} />;
    return contextsOf(profile.actions).includes(context) ? (
        <Outlet />
    ) : (
        <Navigate to="/error/noPermission" replace />
    );
}
