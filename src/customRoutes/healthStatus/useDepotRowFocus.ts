import { useEffect, useRef } from 'react';
import { depotRowAnchor } from './healthStatusRows';

/**
 * Brings the row of `depotId` into view and moves the focus to it once it is rendered (the
 * header's health badge links here with `?depot=`); once per depot, so the minute's refresh
 * does not pull the user back.
 */
export function useDepotRowFocus(depotId: string | null, rendered: unknown): void {
    const done = useRef<string | null>(null);
    useEffect(() => {
        if (!depotId || done.current === depotId) return;
        const anchor = document.getElementById(depotRowAnchor(depotId));
        if (!anchor) return;
        done.current = depotId;
        anchor.scrollIntoView({ block: 'center' });
        anchor.focus({ preventScroll: true });
    }, [depotId, rendered]);
}
