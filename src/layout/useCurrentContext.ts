import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { currentContextOf, type CurrentContext } from './navigation';

/** The context the current route belongs to, or null on landing, error and other shared pages. */
export function useCurrentContext(): CurrentContext | null {
    const { pathname } = useLocation();
    return useMemo(() => currentContextOf(pathname), [pathname]);
}
