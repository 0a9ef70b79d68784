import type { ReactNode } from 'react';
import {
    AdminContext,
    memoryStore,
    Notification,
    TestMemoryRouter,
    type AuthProvider,
    type DataProvider,
    type I18nProvider,
} from 'react-admin';
import type { Language } from '../../domain/enums';
import { AppDialogProvider } from '../../src/layout/dialogs/AppDialogProvider';
import { serveLocaleFiles } from './locale-files';

let provider: Promise<I18nProvider> | undefined;

/**
 * The app's real i18nProvider (src/i18n/i18nProvider.ts) on the build's locale files, served as
 * the server serves `/locales/<lng>.json`, switched to `language` (jsdom tests only: it keeps
 * the page's one i18next instance, so a test file uses one provider and switches its language).
 */
export async function realI18nProvider(language: Language): Promise<I18nProvider> {
    provider ??= (async () => {
        serveLocaleFiles();
        localStorage.setItem('app.language', 'en');
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        return prepareI18nProvider();
    })();
    const ready = await provider;
    await ready.changeLocale(language);
    return ready;
}

/** react-admin's context (with its toasts and the app's dialogs) and a memory router around `children`. */
export function i18nWrapper(
    i18nProvider: I18nProvider,
    dataProvider: DataProvider,
    options: { initialEntry?: string; authProvider?: AuthProvider } = {},
) {
    const store = memoryStore();
    return function Wrapper({ children }: { children: ReactNode }) {
        return (
            <TestMemoryRouter initialEntries={[options.initialEntry ?? '/']}>
                <AdminContext
                    dataProvider={dataProvider}
                    i18nProvider={i18nProvider}
                    authProvider={options.authProvider}
                    store={store}
                >
                    <AppDialogProvider>{children}</AppDialogProvider>
                    <Notification />
                </AdminContext>
            </TestMemoryRouter>
        );
    };
}
