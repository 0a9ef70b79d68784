import { useMediaQuery, type Theme } from '@mui/material';
import { getBrowserConfig } from '../config';
import { useSelectedScope } from '../scope/useSelectedScope';
import { useUserProfile } from '../useUserProfile';
import {
    visibleEntries,
    type CurrentContext,
    type NavigationEntry,
    type NavigationInput,
} from './navigation';
import { navigationEntries } from './navigationEntries';
import { useCurrentContext } from './useCurrentContext';

export interface ContextNavigation {
    current: CurrentContext | null;
    /** The rules' input; undefined until the profile (and on the depot view the depot) is known. */
    input: NavigationInput | undefined;
    /** The entries the user may use here, in the drawer's order. */
    entries: NavigationEntry[];
    /** The selected scope's path the rules were evaluated under. */
    scopePath: string | undefined;
}

/**
 * The navigation of the current context under the selected scope (shell §2.9, §6): what the
 * drawer lists and what a context's index may lead to.
 */
export function useContextNavigation(): ContextNavigation {
    const current = useCurrentContext();
    const { profile } = useUserProfile();
    const { scope } = useSelectedScope();
    const largeScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'), {
        noSsr: true,
    });
    const scopePath =
        current?.context === 'depot'
            ? scope.depotPath
            : current?.context === 'tenant'
              ? current.tenantId
              : undefined;
    // On the depot view the rules need the depot's path: nothing shows until the depot is known.
    const ready = Boolean(
        current?.basePath && profile && (current.context !== 'depot' || scope.depotPath),
    );
    const { routePlannerUrl, mailViewer } = getBrowserConfig();
    const input: NavigationInput | undefined =
        ready && profile
            ? {
                  actions: profile.actions,
                  path: scopePath,
                  manualJobUploadEnabled: scope.depot?.manualJobUploadEnabled,
                  largeScreen,
                  mailViewer,
                  links: { routePlannerUrl },
              }
            : undefined;
    const entries =
        current && input ? visibleEntries(navigationEntries, current.context, input) : [];
    return { current, input, entries, scopePath };
}
