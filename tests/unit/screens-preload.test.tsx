// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { lazyView } from '../../src/lazyPage';
import { preloadViewAt } from '../../src/screens/preloadView';
import type { Screen } from '../../src/screens/types';

function view(name: string, loaded: string[]) {
    return lazyView(async () => {
        loaded.push(name);
        return () => null;
    });
}

function screens(loaded: string[]): Screen[] {
    return [
        {
            kind: 'resource',
            name: 'depots',
            paths: { admin: 'configurations/depots', tenant: 'configurations/depots' },
            views: {
                list: view('depot list', loaded),
                create: view('depot create', loaded),
                edit: view('depot edit', loaded),
                show: view('depot show', loaded),
            },
            access: {},
        },
        {
            kind: 'page',
            name: 'profile',
            routes: [{ mount: 'root', path: 'users/profile', view: view('profile', loaded) }],
        },
        {
            kind: 'page',
            name: 'depotSummary',
            routes: [{ mount: 'depot', path: '', view: view('depot summary', loaded) }],
        },
    ];
}

describe('preloading the view of the page being opened', () => {
    it.each([
        ['/administration/configurations/depots', 'depot list'],
        ['/tenant/nordpaket/configurations/depots', 'depot list'],
        ['/tenant/nordpaket/configurations/depots/create', 'depot create'],
        ['/tenant/nordpaket/configurations/depots/d-17', 'depot edit'],
        ['/administration/configurations/depots/d-17/show', 'depot show'],
        ['/users/profile', 'profile'],
        ['/depot/nordpaket/HAM1', 'depot summary'],
    ])('%s starts loading the %s', async (path, expected) => {
        const loaded: string[] = [];
        await preloadViewAt(screens(loaded), path);
        expect(loaded).toEqual([expected]);
    });

    it('loads nothing for a path no screen serves', () => {
        const loaded: string[] = [];
        expect(preloadViewAt(screens(loaded), '/administration/reports')).toBeUndefined();
        expect(preloadViewAt(screens(loaded), '/tenant/nordpaket/configurations')).toBeUndefined();
        expect(loaded).toEqual([]);
    });
});
