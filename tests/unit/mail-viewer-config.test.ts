import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { readBrowserConfig } from '../../src/config';

/**
 * Issue 13 point 14: the page carries whether admins may read the mail outbox, by the rule of
 * `GET /api/v2/mail-outbox` (404 when NODE_ENV is production).
 */
const PRODUCTION_SECRET = 'a-production-test-key-secret-of-enough-length-0123456789';

const documentWith = (text: string) =>
    ({ getElementById: () => ({ textContent: text }) }) as unknown as Document;

describe('the mail viewer flag of the browser configuration', () => {
    it('is on in development and test installations, off in production', () => {
        expect(loadConfig({}).browser.mailViewer).toBe(true);
        expect(loadConfig({ NODE_ENV: 'development' }).browser.mailViewer).toBe(true);
        expect(loadConfig({ NODE_ENV: 'test' }).browser.mailViewer).toBe(true);
        expect(
            loadConfig({ NODE_ENV: 'production', IDENTITY_KEY_SECRET: PRODUCTION_SECRET }).browser
                .mailViewer,
        ).toBe(false);
    });

    it('reaches the browser as injected, and is off when the page does not carry it', () => {
        const injected = (mailViewer?: boolean) =>
            readBrowserConfig(documentWith(JSON.stringify({ versionId: 'v1', mailViewer })))
                .mailViewer;
        expect(injected(true)).toBe(true);
        expect(injected(false)).toBe(false);
        expect(injected(undefined)).toBeUndefined();
    });
});
