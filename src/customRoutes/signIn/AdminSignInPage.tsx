import { useEffect } from 'react';
import { useCheckAuth, useLogin } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LANDING_ROUTE, takeIntendedRoute } from '../../session';
import { SignInPage } from './SignInPage';

/**
 * react-admin's `loginPage`: the same sign-in page, signing in through the auth provider so
 * react-admin learns about it. Afterwards the user goes to the saved route, else where
 * react-admin was sent from, else the landing page.
 */
export function AdminSignInPage() {
    const login = useLogin();
    const checkAuth = useCheckAuth();
    const navigate = useNavigate();

    useEffect(() => {
        checkAuth({}, false)
            .then(() => navigate(LANDING_ROUTE, { replace: true }))
            .catch(() => undefined);
    }, [checkAuth, navigate]);

    const handleSubmit = async (email: string, password: string) => {
        await login({ username: email, password }, takeIntendedRoute() ?? undefined);
    };
    return <SignInPage onSubmit={handleSubmit} />;
}
