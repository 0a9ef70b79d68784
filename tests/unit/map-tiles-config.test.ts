import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

/** The maps' tile source comes from MAP_TILE_URL / MAP_TILE_ATTRIBUTION (issue 14 part 6). */
describe('map tiles in the browser configuration', () => {
    it('names no tiles unless MAP_TILE_URL is set: maps request nothing', () => {
        const { browser } = loadConfig({ MAP_TILE_ATTRIBUTION: '© Someone' });
        expect([browser.mapTileUrl, browser.mapAttribution]).toEqual([undefined, undefined]);
    });

    it('passes the tile template and its attribution to the browser', () => {
        const { browser } = loadConfig({
            MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
            MAP_TILE_ATTRIBUTION: '© Example contributors',
        });
        expect([browser.mapTileUrl, browser.mapAttribution]).toEqual([
            'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
            '© Example contributors',
        ]);
        expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).browser.mapTileUrl).toBe(
            '/tiles/{z}/{x}/{y}.png',
        );
    });

    it('refuses a tile address that is no URL template', () => {
        for (const value of ['tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com/'])
            expect(() => loadConfig({ MAP_TILE_URL: value }), value).toThrow(/MAP_TILE_URL/);
    });
});
