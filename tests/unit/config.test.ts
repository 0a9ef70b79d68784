import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('boot-time configuration', () => {
    it('has working defaults: embedded PGlite, demo data, embedded identity on 127.0.0.1:8080', () => {
        const config = loadConfig({});
        expect(config).toMatchObject({
            host: '127.0.0.1',
            port: 8080,
            env: 'development',
            demo: { enabled: true },
        });
        expect(config.database).toEqual({ url: undefined, dataDir: './data' });
        expect(config.identity).toMatchObject({
            mode: 'embedded',
            issuer: 'http://127.0.0.1:8080/cognito-idp/local_BackOffice',
        });
        expect(config.browser.cognito.userPoolEndpoint).toBe('/cognito-idp/');
    });

    it('converts types and honours every documented switch', () => {
        const config = loadConfig({
            PORT: '9090',
            DEMO_DATA: 'false',
            DATABASE_URL: 'postgres://u@127.0.0.1/db',
            COGNITO_ISSUER: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_abc',
        });
        expect(config.port).toBe(9090);
        expect(config.demo.enabled).toBe(false);
        expect(config.database.url).toBe('postgres://u@127.0.0.1/db');
        expect(config.identity.mode).toBe('cognito');
        expect(config.identity.jwksUri).toBe(
            'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_abc/.well-known/jwks.json',
        );
        expect(config.browser.cognito.userPoolEndpoint).toBeUndefined();
    });

    it('stops with a message naming each wrong variable', () => {
        expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(
            ConfigError,
        );
        try {
            loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
        } catch (error) {
            const message = (error as ConfigError).message;
            expect(message).toContain('PORT');
            expect(message).toContain('DATABASE_URL');
        }
    });

    it('never seeds demo users in production and requires a key secret there', () => {
        expect(() =>
            loadConfig({
                NODE_ENV: 'production',
                DEMO_DATA: 'true',
                IDENTITY_KEY_SECRET: 'x'.repeat(32),
            }),
        ).toThrowError(/DEMO_DATA/);
        expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/IDENTITY_KEY_SECRET/);
        expect(
            loadConfig({ NODE_ENV: 'production', IDENTITY_KEY_SECRET: 'x'.repeat(32) }).demo
                .enabled,
        ).toBe(false);
    });
});
