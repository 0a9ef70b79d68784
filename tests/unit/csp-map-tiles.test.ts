import { describe, expect, it } from 'vitest';
import { tileImageSource } from '../../server/plugins/security.js';

/** A configured map tile server's images are allowed by the Content-Security-Policy. */
describe('tileImageSource', () => {
    it('allows the origin of the tile URL template, with {s} as a wildcard subdomain', () => {
        expect(tileImageSource('https://tile.example.org/{z}/{x}/{y}.png')).toBe(
            'https://tile.example.org',
        );
        expect(tileImageSource('https://{s}.tile.example.org:8443/{z}/{x}/{y}.png')).toBe(
            'https://*.tile.example.org:8443',
        );
    });

    it('adds nothing for same-origin tiles or none', () => {
        expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
        expect(tileImageSource(undefined)).toBeUndefined();
    });
});
