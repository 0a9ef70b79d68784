import { createTheme } from '@mui/material/styles';
import { localStorageStore, memoryStore, type Store } from 'react-admin';
import { themeOptions } from '../theme';

/** Store keys that describe this tab's screen, not the user's preferences: never shared between tabs. */
const tabKeys = new Set(['sidebar.open']);

/**
 * The drawer's state at start: expanded on large screens, closed (rail or hidden overlay)
 * below (shell §2.9). Set before the first render, so the overlay never opens and closes at load.
 */
function initialDrawerOpen(
    matchMedia: (query: string) => { matches: boolean } = (query) => window.matchMedia(query),
): boolean {
    const query = createTheme(themeOptions)
        .breakpoints.up('lg')
        .replace(/^@media\s*/, '');
    return matchMedia(query).matches;
}

/**
 * react-admin's store: preferences in localStorage (shared by the tabs of the browser), but the
 * drawer's open state per tab, since each tab lays it out for its own window size.
 */
export function createAppStore(
    shared: Store = localStorageStore(),
    tab: Store = memoryStore({ 'sidebar.open': initialDrawerOpen() }),
): Store {
    const pick = (key: string) => (tabKeys.has(key) ? tab : shared);
    return {
        setup: () => {
            shared.setup();
            tab.setup();
        },
        teardown: () => {
            shared.teardown();
            tab.teardown();
        },
        getItem: (key, defaultValue) => pick(key).getItem(key, defaultValue),
        setItem: (key, value) => pick(key).setItem(key, value),
        removeItem: (key) => pick(key).removeItem(key),
        removeItems: (prefix) => {
            shared.removeItems(prefix);
            tab.removeItems(prefix);
        },
        reset: () => {
            shared.reset();
            tab.reset();
        },
        subscribe: (key, callback) => pick(key).subscribe(key, callback),
    };
}
