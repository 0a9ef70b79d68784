import {
    backgroundStretches,
    foregroundStretches,
    type AppEvent,
} from '../../../../domain/appActivity.js';
import type { AppStretch } from '../../../../domain/contracts/tour-activities.js';

/**
 * The app's foreground and background stretches of a day, by the rules of docs/analytics.md
 * (app activity, domain/appActivity.ts): in the foreground from a LOGIN or an APP_STATE
 * FOREGROUND until the next APP_STATE BACKGROUND or LOGOUT; in the background from an APP_STATE
 * BACKGROUND until the next FOREGROUND, LOGIN or LOGOUT; nothing after a LOGOUT. A stretch still
 * open at the end ends at `end` or at the last event, whichever is later. Stretches of no length
 * are left out.
 */
export function appStretches(events: readonly AppEvent[], end: Date | null): AppStretch[] {
    const until = events.reduce(
        (latest, event) => Math.max(latest, event.at.getTime()),
        end?.getTime() ?? -Infinity,
    );
    if (!Number.isFinite(until)) return [];
    const last = new Date(until);
    const tagged = [
        ...foregroundStretches(events, last).map((stretch) => ({
            state: 'FOREGROUND' as const,
            ...stretch,
        })),
        ...backgroundStretches(events, last).map((stretch) => ({
            state: 'BACKGROUND' as const,
            ...stretch,
        })),
    ];
    return tagged
        .filter((stretch) => stretch.to > stretch.from)
        .sort((a, b) => a.from - b.from)
        .map((stretch) => ({
            state: stretch.state,
            from: new Date(stretch.from).toISOString(),
            to: new Date(stretch.to).toISOString(),
        }));
}
