import { Skeleton } from '@mui/material';
import { Suspense } from 'react';
import { lazyPage } from '../lazyPage';
import type { TourMapProps } from './TourMap';

/** Leaflet and the map load only when a page shows a map (never with the sign-in or the shell). */
const TourMap = lazyPage(() => import('./TourMap'));

export function LazyTourMap(props: TourMapProps) {
    return (
        <Suspense fallback={<Skeleton variant="rectangular" height={props.height ?? 360} />}>
            <TourMap {...props} />
        </Suspense>
    );
}
