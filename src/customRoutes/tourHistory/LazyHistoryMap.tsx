import { Skeleton } from '@mui/material';
import { Suspense } from 'react';
import { lazyPage } from '../../lazyPage';
import type { HistoryMapProps } from './HistoryMap';

/** Leaflet loads only when the page shows its map. */
const HistoryMap = lazyPage(() => import('./HistoryMap'));

export function LazyHistoryMap(props: HistoryMapProps) {
    return (
        <Suspense fallback={<Skeleton variant="rectangular" height={props.height ?? 400} />}>
            <HistoryMap {...props} />
        </Suspense>
    );
}
