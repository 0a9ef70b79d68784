import { Skeleton } from '@mui/material';
import { Suspense } from 'react';
import { lazyPage } from '../../lazyPage';
import type { FleetMapProps } from './FleetMap';

/** Leaflet and the fleet map load only when a page shows the map (never with the sign-in or the shell). */
const FleetMap = lazyPage(() => import('./FleetMap'));

export function LazyFleetMap(props: FleetMapProps) {
    return (
        <Suspense fallback={<Skeleton variant="rectangular" height={props.height ?? 480} />}>
            <FleetMap {...props} />
        </Suspense>
    );
}
