import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LOGIN_ROUTE, saveIntendedRoute } from '../../session';

/** What react-admin's logout on a lost session passes to its login page. */
interface LoginPageState {
    nextPathname?: string;
    nextSearch?: string;
}

/**
 * react-admin's `loginPage`: hands over to the light sign-in pages with a fresh page load, so
 * every sign-in step is served in one place and nothing of the previous session stays in
 * memory. A lost session (react-admin passes the page it was on) keeps that page for after the
 * sign-in; an explicit logout passes none.
 */
export function AdminSignInPage() {
    const state = useLocation().state as LoginPageState | null;
    useEffect(() => {
        if (state?.nextPathname)
            saveIntendedRoute(`${state.nextPathname}${state.nextSearch ?? ''}`);
        window.location.replace(LOGIN_ROUTE);
    }, [state]);
    return null;
}
