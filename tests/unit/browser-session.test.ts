import { describe, expect, it } from 'vitest';
import { getSelectedTenant, selectTenant } from '../../src/selectedTenant';
import {
    clearStoredSession,
    decideStartMode,
    hasStoredTokens,
    saveIntendedRoute,
    storedAccessToken,
    takeIntendedRoute,
} from '../../src/session';

/** localStorage/sessionStorage for Node. */
class MemoryStorage implements Storage {
    private readonly items = new Map<string, string>();
    get length() {
        return this.items.size;
    }
    clear() {
        this.items.clear();
    }
    getItem(key: string) {
        return this.items.get(key) ?? null;
    }
    key(index: number) {
        return [...this.items.keys()][index] ?? null;
    }
    removeItem(key: string) {
        this.items.delete(key);
    }
    setItem(key: string, value: string) {
        this.items.set(key, String(value));
    }
}

const CLIENT = 'backoffice-web';
const tokenKey = `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`;

function fakeLocation(path: string) {
    const url = new URL(path, 'http://localhost');
    const replaced: string[] = [];
    const location = { pathname: url.pathname, search: url.search, hash: url.hash } as Location;
    const history = {
        replaceState: (_state: unknown, _title: string, to: string) => replaced.push(to),
    } as unknown as History;
    return { location, history, replaced };
}

describe('browser session', () => {
    it("sees stored tokens through Amplify's LastAuthUser key", () => {
        const storage = new MemoryStorage();
        expect(hasStoredTokens(CLIENT, storage)).toBe(false);
        storage.setItem(tokenKey, 'user-1');
        expect(hasStoredTokens(CLIENT, storage)).toBe(true);
    });

    it('keeps guarded routes for after sign-in, read once', () => {
        const storage = new MemoryStorage();
        saveIntendedRoute('/administration/configurations/depots?page=2', storage);
        expect(takeIntendedRoute(storage)).toBe('/administration/configurations/depots?page=2');
        expect(takeIntendedRoute(storage)).toBeNull();
        saveIntendedRoute('/', storage);
        saveIntendedRoute('/login', storage);
        saveIntendedRoute('/resetPwd', storage);
        saveIntendedRoute('/forceChangePwd', storage);
        expect(takeIntendedRoute(storage)).toBeNull();
    });

    it('keeps /changePwd: signed out, it shows the sign-in first and then the password change', () => {
        const storage = new MemoryStorage();
        saveIntendedRoute('/changePwd', storage);
        expect(takeIntendedRoute(storage)).toBe('/changePwd');
    });

    it('clears sessionStorage and only the identity entries of localStorage', () => {
        const local = new MemoryStorage();
        const session = new MemoryStorage();
        local.setItem(tokenKey, 'user-1');
        local.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.accessToken`, 'token');
        local.setItem('app.language', 'de');
        session.setItem('anything', 'x');
        clearStoredSession(local, session);
        expect(local.length).toBe(1);
        expect(local.getItem('app.language')).toBe('de');
        expect(session.length).toBe(0);
    });
});

describe('decideStartMode', () => {
    it('shows the sign-in shell on its routes, even with stored tokens', () => {
        globalThis.localStorage = new MemoryStorage();
        localStorage.setItem(tokenKey, 'user-1');
        for (const path of ['/login', '/resetPwd', '/forceChangePwd']) {
            const { location, history, replaced } = fakeLocation(path);
            expect(decideStartMode(CLIENT, location, history)).toBe('signIn');
            expect(replaced).toEqual([]);
        }
    });

    it('opens /changePwd in the app with a session, else signs in first and keeps it', () => {
        globalThis.sessionStorage = new MemoryStorage();
        globalThis.localStorage = new MemoryStorage();
        const signedOut = fakeLocation('/changePwd');
        expect(decideStartMode(CLIENT, signedOut.location, signedOut.history)).toBe('signIn');
        expect(signedOut.replaced).toEqual(['/login']);
        expect(takeIntendedRoute()).toBe('/changePwd');

        localStorage.setItem(tokenKey, 'user-1');
        const signedIn = fakeLocation('/changePwd');
        expect(decideStartMode(CLIENT, signedIn.location, signedIn.history)).toBe('app');
        expect(signedIn.replaced).toEqual([]);
    });

    it('replaces a guarded route by /login once when signed out, keeping the route', () => {
        globalThis.sessionStorage = new MemoryStorage();
        globalThis.localStorage = new MemoryStorage();
        const { location, history, replaced } = fakeLocation('/depot/t1/100?x=1');
        expect(decideStartMode(CLIENT, location, history)).toBe('signIn');
        expect(replaced).toEqual(['/login']);
        expect(takeIntendedRoute()).toBe('/depot/t1/100?x=1');
    });

    it('sends / to /login without keeping it', () => {
        globalThis.sessionStorage = new MemoryStorage();
        globalThis.localStorage = new MemoryStorage();
        const { location, history, replaced } = fakeLocation('/');
        expect(decideStartMode(CLIENT, location, history)).toBe('signIn');
        expect(replaced).toEqual(['/login']);
        expect(takeIntendedRoute()).toBeNull();
    });

    it('loads the app when tokens are stored', () => {
        globalThis.localStorage = new MemoryStorage();
        localStorage.setItem(tokenKey, 'user-1');
        const { location, history, replaced } = fakeLocation('/landing');
        expect(decideStartMode(CLIENT, location, history)).toBe('app');
        expect(replaced).toEqual([]);
    });
});

describe('selected tenant', () => {
    it('is kept per tab and forgotten with the session', () => {
        const session = new MemoryStorage();
        expect(getSelectedTenant(session)).toBeNull();
        selectTenant('t1', session);
        selectTenant('t2', session);
        expect(getSelectedTenant(session)).toBe('t2');
        clearStoredSession(new MemoryStorage(), session);
        expect(getSelectedTenant(session)).toBeNull();
    });
});

describe('storedAccessToken (read without Amplify)', () => {
    /** An unsigned JWT with this payload: only its claims are read. */
    const jwt = (payload: object) =>
        `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
    const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
    const now = Date.UTC(2026, 10, 26, 12);

    function storageWith(token: string | undefined, drift?: string) {
        const storage = new MemoryStorage();
        storage.setItem(`${prefix}.LastAuthUser`, 'ada');
        if (token) storage.setItem(`${prefix}.ada.accessToken`, token);
        if (drift !== undefined) storage.setItem(`${prefix}.ada.clockDrift`, drift);
        return storage;
    }

    it("answers the signed-in user's token while it is valid", () => {
        const token = jwt({ exp: now / 1000 + 600 });
        expect(storedAccessToken(CLIENT, storageWith(token), now)).toBe(token);
    });

    it("answers nothing within Amplify's 5 s of the expiry, after it, or without a token", () => {
        expect(storedAccessToken(CLIENT, storageWith(jwt({ exp: now / 1000 + 5 })), now)).toBe(
            undefined,
        );
        expect(storedAccessToken(CLIENT, storageWith(jwt({ exp: now / 1000 - 1 })), now)).toBe(
            undefined,
        );
        expect(storedAccessToken(CLIENT, storageWith(undefined), now)).toBeUndefined();
        expect(storedAccessToken(CLIENT, new MemoryStorage(), now)).toBeUndefined();
        expect(storedAccessToken(CLIENT, storageWith('not-a-jwt'), now)).toBeUndefined();
        expect(
            storedAccessToken('other-client', storageWith(jwt({ exp: now / 1000 + 600 })), now),
        ).toBe(undefined);
    });

    it("counts Amplify's recorded clock drift", () => {
        const token = jwt({ exp: now / 1000 + 60 });
        expect(storedAccessToken(CLIENT, storageWith(token, '0'), now)).toBe(token);
        expect(storedAccessToken(CLIENT, storageWith(token, '60000'), now)).toBeUndefined();
    });
});
