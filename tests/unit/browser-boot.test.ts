import { describe, expect, it } from 'vitest';
import { defaultBrowserConfig, readBrowserConfig } from '../../src/config';
import { withTimeout } from '../../src/lazyPage';

const documentWith = (text: string | null) =>
    ({
        getElementById: () => (text === null ? null : { textContent: text }),
    }) as unknown as Document;

describe('readBrowserConfig', () => {
    it('falls back to the defaults without an injected configuration', () => {
        expect(readBrowserConfig(documentWith(null))).toEqual(defaultBrowserConfig);
    });

    it('takes the injected Cognito block as a whole: no endpoint means a real user pool', () => {
        const injected = {
            versionId: 'v9',
            cognito: { userPoolId: 'eu-central-1_abc', userPoolClientId: 'client' },
            services: { backOffice: 'https://api.example.com/api' },
        };
        const config = readBrowserConfig(documentWith(JSON.stringify(injected)));
        expect(config.cognito).toEqual(injected.cognito);
        expect(config.services.backOffice).toBe('https://api.example.com/api');
        expect(config.services.tenantAdmin).toBe(defaultBrowserConfig.services.tenantAdmin);
        expect(config.versionId).toBe('v9');
    });

    it('keeps the tile source and its attribution for the maps', () => {
        const injected = {
            mapTileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
            mapAttribution: '© Example maps',
        };
        const config = readBrowserConfig(documentWith(JSON.stringify(injected)));
        expect([config.mapTileUrl, config.mapAttribution]).toEqual([
            'https://{s}.tile.example.org/{z}/{x}/{y}.png',
            '© Example maps',
        ]);
    });
});

describe('withTimeout', () => {
    it('passes a result through', async () => {
        await expect(withTimeout(Promise.resolve('page'), 50)).resolves.toBe('page');
    });

    it('fails when the piece takes too long', async () => {
        await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow(/timed out/);
    });
});
