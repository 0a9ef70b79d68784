import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canAccessAction } from '../access';
import { useUserProfile } from '../useUserProfile';

/**
 * A resource view behind its access rule (shell §2.8): a user who may not take the action in the
 * page's context goes to the error page before the view mounts, so a list never starts (and never
 * rewrites the address with its sort) only to be sent away. Until the profile is known the view
 * renders and react-admin's own check decides.
 */
function RequireAccess({
    resource,
    action,
    view: View,
}: {
    resource: string;
    action: string;
    view: ComponentType;
}) {
    const { profile } = useUserProfile();
    const { pathname } = useLocation();
    if (profile && !canAccessAction(profile.actions, resource, action, pathname))
        return <Navigate to="/error/noPermission" replace />;
    return <View />;
}

const guarded = new Map<ComponentType, Map<string, ComponentType>>();

/** `view` behind `RequireAccess`, one component per view, resource and action (stable across renders). */
export function guardedView(view: ComponentType, resource: string, action: string): ComponentType {
    let byKey = guarded.get(view);
    if (!byKey) {
        byKey = new Map();
        guarded.set(view, byKey);
    }
    const key = `${resource}\u0000${action}`;
    let component = byKey.get(key);
    if (!component) {
        const Guarded = () => <RequireAccess resource={resource} action={action} view={view} />;
        Guarded.displayName = `Guarded(${resource}.${action})`;
        component = Guarded;
        byKey.set(key, component);
    }
    return component;
}
