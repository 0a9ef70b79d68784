/** Wall-clock times of a depot's day as UTC instants, without reading the clock. */
import { zonedParts } from '../../../domain/formatting.js';

/**
 * The instant (epoch milliseconds) at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD)
 * and `minutes` after midnight (the depot days' times are far from the night's clock changes).
 */
export function wallClockToUtc(date: string, minutes: number, timeZone: string): number {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
    const wall = Date.UTC(year, month - 1, day, 0, minutes);
    let guess = wall;
    for (let attempt = 0; attempt < 3; attempt++) {
        const parts = zonedParts(guess, timeZone);
        if (!parts) throw new RangeError(`invalid date ${date}`);
        const shown = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
        if (shown === wall) return guess;
        guess -= shown - wall;
    }
    return guess;
}

export const isoTime = (epochMs: number): string => new Date(epochMs).toISOString();
