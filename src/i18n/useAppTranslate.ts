import { useCallback, useSyncExternalStore } from 'react';
import { withCount } from './countOptions';
import { i18n } from './i18next';

type TranslateOptions = Record<string, unknown>;

function subscribe(onChange: () => void): () => void {
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
}

/**
 * Translation without react-admin, for pieces that also render on the light sign-in page;
 * re-renders when the language changes. Inside react-admin, `useTranslate` is the usual choice.
 */
export function useAppTranslate(): (key: string, options?: TranslateOptions) => string {
    const language = useSyncExternalStore(subscribe, () => i18n.language);
    return useCallback(
        (key: string, options?: TranslateOptions) =>
            i18n.t(key, { ...withCount(options ?? {}), lng: language }),
        [language],
    );
}
