import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';

/** Leads `…/:id/<sub-path>` to the record's show tab `…/:id/show/<tab>`. */
function tabRedirect(tab: string): ComponentType {
    const target = tab ? `../show/${tab}` : '../show';
    const ShowTabRedirect = () => <Navigate to={target} relative="path" replace />;
    ShowTabRedirect.displayName = `ShowTabRedirect(${tab || 'first'})`;
    return ShowTabRedirect;
}

/**
 * Child routes for the spec's record sub-paths (shell §2.5, §2.7: `configurations/depots/:id/
 * configuration-history`, `…/organizations/:id/configuration`): each leads to the show view's
 * tab of that name (`''`: the first tab), instead of falling into the edit route `:id/*`.
 */
export function showTabRoutes(
    tabs: Record<string, string>,
): { path: string; view: ComponentType }[] {
    return Object.entries(tabs).map(([subPath, tab]) => ({
        path: `:id/${subPath}`,
        view: tabRedirect(tab),
    }));
}
