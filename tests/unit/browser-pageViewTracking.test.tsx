// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageView } from '../../domain/contracts/page-views';
import { consentStore } from '../../src/analytics/consent';
import { usePageViewTracking } from '../../src/analytics/usePageViewTracking';
import { englishI18nProvider } from './controls-fixtures';

/** The tracked app: typing a path into the field navigates there. */
function Tracked() {
    usePageViewTracking();
    const navigate = useNavigate();
    return <input aria-label="path" onChange={(event) => void navigate(event.target.value)} />;
}

function setup() {
    const recordPageView = vi.fn<(view: PageView) => Promise<void>>(async () => undefined);
    render(
        <TestMemoryRouter initialEntries={['/landing']}>
            <AdminContext
                dataProvider={{ recordPageView } as unknown as DataProvider}
                i18nProvider={englishI18nProvider()}
                store={memoryStore()}
            >
                <Tracked />
            </AdminContext>
        </TestMemoryRouter>,
    );
    return recordPageView;
}

const go = (path: string) =>
    act(
        async () =>
            void fireEvent.change(screen.getByLabelText('path'), { target: { value: path } }),
    );

afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
});

describe('usePageViewTracking', () => {
    it('records each page change with consent, in the UI language and screen class', async () => {
        consentStore.decide(true);
        window.innerWidth = 1280;
        const recordPageView = setup();
        await go('/my/profile');
        await go('/my/profile');
        expect(recordPageView.mock.calls.map(([view]) => view)).toEqual([
            { consent: true, path: '/landing', routeName: 'landing', language: 'en', screen: 'lg' },
            {
                consent: true,
                path: '/my/profile',
                routeName: 'profile',
                language: 'en',
                screen: 'lg',
            },
        ]);
    });

    it('records nothing without consent, and stops when consent is withdrawn', async () => {
        consentStore.decide(false);
        const recordPageView = setup();
        await go('/my/profile');
        expect(recordPageView).not.toHaveBeenCalled();
        consentStore.decide(true);
        await go('/landing');
        expect(recordPageView).toHaveBeenCalledTimes(1);
        consentStore.decide(false);
        await go('/depot');
        expect(recordPageView).toHaveBeenCalledTimes(1);
    });

    it('swallows a failed recording', async () => {
        consentStore.decide(true);
        const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
        // react-admin's data provider wrapper logs failures outside production builds.
        vi.spyOn(console, 'error').mockImplementation(() => undefined);
        const recordPageView = setup();
        recordPageView.mockRejectedValueOnce(new Error('offline'));
        await go('/my/profile');
        await vi.waitFor(() =>
            expect(debug).toHaveBeenCalledWith('Page view not recorded', expect.any(Error)),
        );
    });
});
