/** Wall-clock times of a depot's day as UTC instants, without reading the clock. */
import { zonedParts } from '../../../domain/formatting.js';

/** Answers already computed, by zone, date and minutes: a day asks for the same few times often. */
const wallClockAnswers = new Map<string, number>();
const WALL_CLOCK_ANSWERS_MAX = 20_000;

/**
 * The instant (epoch milliseconds) at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD)
 * and `minutes` after midnight (the depot days' times are far from the night's clock changes).
 * Remembers its answers: each costs up to three zoned formattings.
 */
export function wallClockToUtc(date: string, minutes: number, timeZone: string): number {
    const key = `${timeZone} ${date} ${minutes}`;
    const known = wallClockAnswers.get(key);
    if (known !== undefined) return known;
    const answer = computeWallClockToUtc(date, minutes, timeZone);
    if (wallClockAnswers.size >= WALL_CLOCK_ANSWERS_MAX) wallClockAnswers.clear();
    wallClockAnswers.set(key, answer);
    return answer;
}

function computeWallClockToUtc(date: string, minutes: number, timeZone: string): number {
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

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from there on (and before 1970) `toISOString` is used as is. */
const FAST_ISO_END_MS = 253_402_300_800_000;
const twoDigits = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));
/** The `YYYY-MM-DDT` of the day last formatted: the simulator formats a day's times in a row. */
let prefixDay = Number.NaN;
let prefix = '';

/**
 * `new Date(epochMs).toISOString()` (`2026-03-04T07:12:05.000Z`), the same text for every input
 * (an invalid one throws the same RangeError), made with arithmetic from the day's prefix: the
 * simulator formats millions of times.
 */
export function isoTime(epochMs: number): string {
    if (!(epochMs >= 0 && epochMs < FAST_ISO_END_MS)) return new Date(epochMs).toISOString();
    // A Date drops the fraction of a millisecond (towards zero) too.
    const ms = Math.trunc(epochMs);
    const day = Math.floor(ms / DAY_MS);
    if (day !== prefixDay) {
        prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
        prefixDay = day;
    }
    let rest = ms - day * DAY_MS;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    rest -= seconds * 1000;
    return `${prefix}${twoDigits[hours] as string}:${twoDigits[minutes] as string}:${twoDigits[seconds] as string}.${threeDigits[rest] as string}Z`;
}
