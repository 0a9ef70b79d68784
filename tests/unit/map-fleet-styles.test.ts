import { describe, expect, it } from 'vitest';
import {
    fleetStateStyles,
    offlineBackground,
    plainBackground,
    streetStyles,
} from '../../src/maps/mapStyles';
import { fleetStates } from '../../src/maps/fleet/fleetStore';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
        const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
};

describe('the fleet map symbols', () => {
    it('contrast at least 3:1 with land, sea, streets and the plain background', () => {
        const backgrounds = [
            offlineBackground.sea,
            offlineBackground.land.fillColor,
            plainBackground,
            ...Object.values(streetStyles).map((style) => style.color),
        ];
        for (const state of fleetStates)
            for (const background of backgrounds)
                expect(
                    contrast(fleetStateStyles[state].color, background),
                    `${state} on ${background}`,
                ).toBeGreaterThanOrEqual(3);
    });

    it('give every state its own shape, so no meaning rests on colour alone', () => {
        const shapes = fleetStates.map((state) => fleetStateStyles[state].shape);
        expect(new Set(shapes).size).toBe(fleetStates.length);
    });
});
