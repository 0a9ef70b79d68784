import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../locales/en.json';

type Read = (error: Error | null, data: Record<string, unknown> | null | boolean) => void;

afterEach(() => vi.unstubAllGlobals());

async function read(
    language: string,
    answer: () => Promise<Response>,
): Promise<{ error: Error | null; data: unknown; url: string }> {
    const fetched: string[] = [];
    // getBrowserConfig reads the injected block; without one it takes the defaults.
    vi.stubGlobal('document', { getElementById: () => null });
    vi.stubGlobal('fetch', (url: string) => {
        fetched.push(url);
        return answer();
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { localeFileBackend } = await import('../../src/i18n/i18next');
    return new Promise((resolve) => {
        const callback: Read = (error, data) => resolve({ error, data, url: fetched[0] ?? '' });
        (
            localeFileBackend as unknown as {
                read(language: string, namespace: string, callback: Read): void;
            }
        ).read(language, 'translation', callback);
    });
}

describe('the locale file backend', () => {
    it("fetches English from the server as it is served (the server lays uploaded texts over the build's)", async () => {
        const served = { app: { navigation: { backofficeActions: 'Uploaded text' } } };
        const { error, data, url } = await read(
            'en',
            async () => new Response(JSON.stringify(served), { status: 200 }),
        );
        expect(url).toMatch(/^\/locales\/en\.json\?v=/);
        expect(error).toBeNull();
        expect(data).toEqual(served);
    });

    it("uses the build's English when the file cannot be loaded (no error: English stays usable)", async () => {
        const { error, data } = await read('en', async () => new Response('nope', { status: 503 }));
        expect(error).toBeNull();
        expect(data).toEqual(english);
    });

    it('reports a failed load of another language, so i18next falls back to English', async () => {
        const { error, data, url } = await read(
            'de',
            async () => new Response('nope', { status: 503 }),
        );
        expect(url).toMatch(/^\/locales\/de\.json\?v=/);
        expect(error).toBeInstanceOf(Error);
        expect(data).toBeNull();
    });
});
