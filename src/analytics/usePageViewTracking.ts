import { useTheme } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AppDataProvider } from '../dataProviders';
import { FALLBACK_LANGUAGE, isLanguage } from '../i18n/languages';
import { hasAnalyticsConsent } from './consent';
import { createPageViewTracker, screenClassOf } from './pageViewTracker';

function logFailure(error: unknown) {
    // eslint-disable-next-line no-console -- analytics are best effort: a failure is no concern of the user's
    console.debug('Page view not recorded', error);
}

/**
 * Records each page change with the product's own analytics endpoint, only with the user's
 * analytics consent (shell §2.8, §9). The server drops views of internal e-mail domains.
 */
export function usePageViewTracking(): void {
    const { pathname } = useLocation();
    const [locale] = useLocaleState();
    const { breakpoints } = useTheme();
    const dataProvider = useDataProvider<AppDataProvider>();
    const [tracker] = useState(() =>
        createPageViewTracker({
            hasConsent: () => hasAnalyticsConsent(),
            record: (view) => dataProvider.recordPageView(view),
            onError: logFailure,
        }),
    );

    // Language and screen are read when the path changes; switching either on the same page is no page view.
    const pathChanged = useEffectEvent((path: string) => {
        const language = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
        tracker.pathChanged(path, {
            language,
            screen: screenClassOf(window.innerWidth, breakpoints.values),
        });
    });
    useEffect(() => pathChanged(pathname), [pathname]);
}
