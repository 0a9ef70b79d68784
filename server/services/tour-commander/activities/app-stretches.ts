import type { AppStretch } from '../../../../domain/contracts/tour-activities.js';

/** A LOGIN, LOGOUT or APP_STATE event of the tour. */
export interface AppStateEvent {
    type: string;
    at: Date;
    appState?: string;
}

type State = AppStretch['state'];

/**
 * The app's foreground and background stretches of a day, by the rules of docs/analytics.md
 * (app activity): in the foreground from a LOGIN or an APP_STATE FOREGROUND until the next
 * APP_STATE BACKGROUND or LOGOUT; in the background from an APP_STATE BACKGROUND until the next
 * FOREGROUND, LOGIN or LOGOUT; nothing after a LOGOUT. A stretch still open at the end ends at
 * `end` (the later of the tour's finish and its last event). Stretches of no length are left out.
 */
export function appStretches(events: readonly AppStateEvent[], end: Date | null): AppStretch[] {
    const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
    const found: AppStretch[] = [];
    // Declared through a cast: `close` reassigns it, which flow analysis does not see.
    let open = null as { state: State; from: Date } | null;
    const close = (at: Date) => {
        if (open && at.getTime() > open.from.getTime())
            found.push({
                state: open.state,
                from: open.from.toISOString(),
                to: at.toISOString(),
            });
        open = null;
    };
    for (const event of sorted) {
        const next: State | null =
            event.type === 'LOGIN' ||
            (event.type === 'APP_STATE' && event.appState === 'FOREGROUND')
                ? 'FOREGROUND'
                : event.type === 'APP_STATE' && event.appState === 'BACKGROUND'
                  ? 'BACKGROUND'
                  : null;
        if (event.type === 'LOGOUT') close(event.at);
        else if (next !== null && open?.state !== next) {
            close(event.at);
            open = { state: next, from: event.at };
        }
    }
    const last = sorted.at(-1)?.at;
    const until = [end, last].reduce<Date | null>(
        (latest, at) => (at && (!latest || at > latest) ? at : latest),
        null,
    );
    if (until) close(until);
    return found;
}
