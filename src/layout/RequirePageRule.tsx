import type { ComponentType } from 'react';
import { Loading } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { isNavigationItemVisible } from '../../domain/navigationRules';
import { useContextNavigation } from './useContextNavigation';

/**
 * A page behind the visibility rule of its navigation entry (shell §6): a user who may not use it
 * under the selected scope goes to the error page before the page asks the server anything, as
 * one who types the address of a resource it may not use. Until the profile (and on the depot
 * view the depot) is known, it waits.
 */
function RequirePageRule({ rule, view: View }: { rule: string; view: ComponentType }) {
    const { current, input } = useContextNavigation();
    if (!current || !input) return <Loading />;
    if (!isNavigationItemVisible(current.context, rule, input))
        return <Navigate to="/error/noPermission" replace />;
    return <View />;
}

const guarded = new Map<ComponentType, Map<string, ComponentType>>();

/** `view` behind `RequirePageRule`, one component per view and rule (stable across renders). */
export function ruleGuardedView(view: ComponentType, rule: string): ComponentType {
    let byRule = guarded.get(view);
    if (!byRule) {
        byRule = new Map();
        guarded.set(view, byRule);
    }
    let component = byRule.get(rule);
    if (!component) {
        const Guarded = () => <RequirePageRule rule={rule} view={view} />;
        Guarded.displayName = `RuleGuarded(${rule})`;
        component = Guarded;
        byRule.set(rule, component);
    }
    return component;
}
