import {
    createElement,
    lazy,
    useEffect,
    useState,
    type ComponentType,
    type LazyExoticComponent,
} from 'react';
import { i18n, initI18n } from './i18n/i18next';

/** Page pieces that take longer than this count as failed (shell §7, §9). */
const LAZY_LOAD_TIMEOUT_MS = 120_000;
const RELOADED_KEY = 'app.reloadedAfterLoadError';
const RELOAD_DELAY_MS = 1500;

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Loading timed out after ${ms} ms`)), ms);
        promise.then(
            (value) => {
                clearTimeout(timer);
                resolve(value);
            },
            (error: unknown) => {
                clearTimeout(timer);
                reject(error instanceof Error ? error : new Error(String(error)));
            },
        );
    });
}

/** Shown when a page piece could not be loaded; plain markup, as the UI library may be what failed. */
function LoadFailure() {
    return <p role="alert">{i18n.t('app.loadError')}</p>;
}

/** Reloads the page after a load failure, once per tab session, so a broken deploy cannot loop. */
function reloadOnce(): void {
    if (sessionStorage.getItem(RELOADED_KEY)) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

/**
 * Loads a page piece with the spec's load time-out: a failed or timed-out piece becomes an
 * error text and the page reloads once (shell §2.8, §8).
 */
export async function loadPiece<P extends object>(
    load: () => Promise<{ default: ComponentType<P> }>,
    timeoutMs: number = LAZY_LOAD_TIMEOUT_MS,
): Promise<ComponentType<P>> {
    try {
        const module = await withTimeout(load(), timeoutMs);
        sessionStorage.removeItem(RELOADED_KEY);
        return module.default;
    } catch (error) {
        console.error('A page piece failed to load', error);
        reloadOnce();
        await initI18n();
        return LoadFailure as ComponentType<P>;
    }
}

/** `React.lazy` over `loadPiece`, for pieces loaded while the page is already running. */
export function lazyPage<P extends object>(
    load: () => Promise<{ default: ComponentType<P> }>,
    timeoutMs: number = LAZY_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
    return lazy(async () => ({ default: await loadPiece(load, timeoutMs) }));
}

/** A lazily loaded view that can be asked to start loading before it renders. */
export type PreloadableView<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A screen's view, loaded when first shown, or earlier through `preload()` (the boot code
 * preloads the view of the page being opened while the app's code loads):
 * `lazyView(() => import('./DepotList').then((module) => module.DepotList))`.
 * Unlike `React.lazy`, it never suspends: a view whose code has arrived renders at once, and
 * one still loading leaves the content area empty and renders as soon as its code is there.
 * The shell can so render while the page's code loads, and the page appears as a plain update:
 * React holds a suspended page back behind its fallback for up to 300 ms after it arrives.
 */
export function lazyView<P extends object>(
    load: () => Promise<ComponentType<P>>,
): PreloadableView<P> {
    let loaded: ComponentType<P> | undefined;
    let loading: Promise<ComponentType<P>> | undefined;
    const start = () =>
        (loading ??= loadPiece(async () => ({ default: await load() })).then((component) => {
            loaded = component;
            return component;
        }));
    function LazyView(props: P) {
        const [component, setComponent] = useState(() => loaded);
        useEffect(() => {
            if (component) return;
            let current = true;
            void start().then((arrived) => {
                if (current) setComponent(() => arrived);
            });
            return () => {
                current = false;
            };
        }, [component]);
        // The same component every time: the module's export, cached above.
        return component ? createElement(component, props) : null;
    }
    return Object.assign(LazyView, { preload: start });
}

/** True for a view made by `lazyView`. */
export function isPreloadable(view: unknown): view is { preload(): Promise<unknown> } {
    return typeof view === 'function' && 'preload' in view && typeof view.preload === 'function';
}
