import { describe, expect, it, vi } from 'vitest';
import type { PageView } from '../../domain/contracts/page-views';
import {
    CONSENT_STORAGE_KEY,
    createConsentStore,
    hasAnalyticsConsent,
    parseConsent,
} from '../../src/analytics/consent';
import {
    createPageViewTracker,
    routeNameOf,
    screenClassOf,
    type PageViewContext,
} from '../../src/analytics/pageViewTracker';

function memoryStorage(initial: Record<string, string> = {}) {
    const values = new Map(Object.entries(initial));
    return {
        values,
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => void values.set(key, value),
    };
}

const NOW = new Date('2026-11-21T10:00:00Z');

describe('consent', () => {
    it('reads a stored decision and ignores anything else', () => {
        expect(
            parseConsent(JSON.stringify({ analytics: true, decidedAt: '2026-01-01T00:00:00Z' })),
        ).toEqual({ analytics: true, decidedAt: '2026-01-01T00:00:00Z' });
        expect(parseConsent(null)).toBeNull();
        expect(parseConsent('')).toBeNull();
        expect(parseConsent('{not json')).toBeNull();
        expect(parseConsent(JSON.stringify({ analytics: 'yes', decidedAt: 'x' }))).toBeNull();
        expect(parseConsent(JSON.stringify({ analytics: true }))).toBeNull();
        expect(parseConsent('true')).toBeNull();
    });

    it('stores a decision with its time and tells subscribers', () => {
        const storage = memoryStorage();
        const store = createConsentStore(storage, () => NOW);
        const listener = vi.fn();
        store.subscribe(listener);
        expect(store.get()).toBeNull();
        expect(hasAnalyticsConsent(store)).toBe(false);

        store.decide(true);
        expect(store.get()).toEqual({ analytics: true, decidedAt: NOW.toISOString() });
        expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY) ?? '')).toEqual({
            analytics: true,
            decidedAt: NOW.toISOString(),
        });
        expect(hasAnalyticsConsent(store)).toBe(true);
        expect(listener).toHaveBeenCalledTimes(1);

        store.decide(false);
        expect(hasAnalyticsConsent(store)).toBe(false);
        expect(listener).toHaveBeenCalledTimes(2);
    });

    it('keeps the same snapshot object until the decision changes', () => {
        const store = createConsentStore(
            memoryStorage({
                [CONSENT_STORAGE_KEY]: JSON.stringify({ analytics: false, decidedAt: 'then' }),
            }),
        );
        expect(store.get()).toBe(store.get());
        store.notifyExternalChange();
        expect(store.get()).toEqual({ analytics: false, decidedAt: 'then' });
    });

    it('follows a decision made in another tab', () => {
        const storage = memoryStorage();
        const store = createConsentStore(storage);
        const listener = vi.fn();
        store.subscribe(listener);
        storage.setItem(
            CONSENT_STORAGE_KEY,
            JSON.stringify({ analytics: true, decidedAt: 'elsewhere' }),
        );
        store.notifyExternalChange();
        expect(hasAnalyticsConsent(store)).toBe(true);
        expect(listener).toHaveBeenCalledTimes(1);
        store.notifyExternalChange();
        expect(listener).toHaveBeenCalledTimes(1);
    });

    it('holds a decision for the page when the storage refuses it', () => {
        const broken = {
            getItem: () => {
                throw new Error('denied');
            },
            setItem: () => {
                throw new Error('quota');
            },
        };
        const store = createConsentStore(broken, () => NOW);
        expect(store.get()).toBeNull();
        store.decide(true);
        expect(hasAnalyticsConsent(store)).toBe(true);
        expect(createConsentStore(undefined).get()).toBeNull();
    });
});

describe('page view tracking', () => {
    const context: PageViewContext = { language: 'de', screen: 'lg' };

    function setup(analytics: boolean | null) {
        const storage = memoryStorage();
        const store = createConsentStore(storage, () => NOW);
        if (analytics !== null) store.decide(analytics);
        const record = vi.fn<(view: PageView) => Promise<void>>(async () => undefined);
        const onError = vi.fn();
        const tracker = createPageViewTracker({
            hasConsent: () => hasAnalyticsConsent(store),
            record,
            onError,
        });
        return { store, record, onError, tracker };
    }

    it('records nothing without a decision or with analytics declined', () => {
        for (const decision of [null, false]) {
            const { record, tracker } = setup(decision);
            tracker.pathChanged('/landing', context);
            tracker.pathChanged('/my/profile', context);
            expect(record).not.toHaveBeenCalled();
        }
    });

    it('records one view per path change with consent', () => {
        const { record, tracker } = setup(true);
        tracker.pathChanged('/landing', context);
        tracker.pathChanged('/landing', context);
        tracker.pathChanged('/my/profile', { language: 'en', screen: 'xs' });
        tracker.pathChanged('/administration/configurations/depots', context);
        expect(record.mock.calls.map(([view]) => view)).toEqual([
            { consent: true, path: '/landing', routeName: 'landing', language: 'de', screen: 'lg' },
            {
                consent: true,
                path: '/my/profile',
                routeName: 'profile',
                language: 'en',
                screen: 'xs',
            },
            {
                consent: true,
                path: '/administration/configurations/depots',
                language: 'de',
                screen: 'lg',
            },
        ]);
    });

    it('stops at once when consent is withdrawn, and does not send missed pages later', () => {
        const { store, record, tracker } = setup(true);
        tracker.pathChanged('/landing', context);
        store.decide(false);
        tracker.pathChanged('/my/profile', context);
        tracker.pathChanged('/depot', context);
        expect(record).toHaveBeenCalledTimes(1);
        store.decide(true);
        tracker.pathChanged('/depot', context);
        expect(record).toHaveBeenCalledTimes(1);
        tracker.pathChanged('/landing', context);
        expect(record).toHaveBeenCalledTimes(2);
    });

    it('swallows failures, synchronous or not', async () => {
        const { record, onError, tracker } = setup(true);
        record.mockRejectedValueOnce(new Error('offline'));
        tracker.pathChanged('/landing', context);
        await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
        record.mockImplementationOnce(() => {
            throw new Error('sync');
        });
        expect(() => tracker.pathChanged('/my/profile', context)).not.toThrow();
        expect(onError).toHaveBeenCalledTimes(2);
    });
});

describe('screenClassOf', () => {
    const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 };
    it('maps a width to the MUI breakpoint it falls in', () => {
        expect(screenClassOf(390, breakpoints)).toBe('xs');
        expect(screenClassOf(599, breakpoints)).toBe('xs');
        expect(screenClassOf(600, breakpoints)).toBe('sm');
        expect(screenClassOf(800, breakpoints)).toBe('sm');
        expect(screenClassOf(1280, breakpoints)).toBe('lg');
        expect(screenClassOf(1920, breakpoints)).toBe('xl');
        expect(screenClassOf(1000, breakpoints)).toBe('md');
    });
});

describe('routeNameOf', () => {
    it('names the routes of shell §2.8', () => {
        expect(routeNameOf('/landing')).toBe('landing');
        expect(routeNameOf('/login')).toBe('login');
        expect(routeNameOf('/my/profile')).toBe('profile');
        expect(routeNameOf('/users/profile/abc')).toBe('profile');
        expect(routeNameOf('/depot')).toBe('depot');
        expect(routeNameOf('/depot/t1')).toBe('depot');
        expect(routeNameOf('/depot/t1/100')).toBe('depot');
        expect(routeNameOf('/depot/t1/100/depot-landing')).toBe('depotLanding');
        expect(routeNameOf('/depot/t1/100/statistics/live-status')).toBe('liveStatus');
        expect(routeNameOf('/depot/t1/100/statistics/live-status/tour/7')).toBe('liveStatus');
        expect(routeNameOf('/depot/t1/100/statistics/activities/2026-11-21')).toBe(
            'dailyActivities',
        );
        expect(routeNameOf('/depot/t1/100/tour-performance/details/a/b')).toBe('tourPerformance');
        expect(routeNameOf('/depot/t1/100/betterTracking')).toBe('betterTracking');
        expect(routeNameOf('/depot/t1/100/deviceManagement')).toBe('deviceManagement');
        expect(routeNameOf('/depot/t1/100/uploadJobs')).toBe('uploadJobs');
        expect(routeNameOf('/depot/t1/100/subcontractor/s1/drivers')).toBe('subcontractor');
        expect(routeNameOf('/depot/t1/100/users/backoffice')).toBe('backofficeUsers');
        expect(routeNameOf('/depot/t1/100/users/tempDrivers')).toBe('tempDrivers');
        expect(routeNameOf('/depot/t1/100/addressLocationValidation')).toBe(
            'addressLocationValidation',
        );
        expect(routeNameOf('/administration/users/backoffice')).toBe('backofficeUsers');
        expect(routeNameOf('/tenant/t1/users/backoffice')).toBe('backofficeUsers');
        expect(routeNameOf('/tenant/t1/addressLocationValidation')).toBe(
            'addressLocationValidation',
        );
    });

    it('leaves other pages unnamed', () => {
        expect(routeNameOf('/administration/configurations/depots')).toBeUndefined();
        expect(routeNameOf('/tenant/t1/roles')).toBeUndefined();
        expect(routeNameOf('/depot/t1/100/unknown')).toBeUndefined();
        expect(routeNameOf('/')).toBeUndefined();
    });
});
