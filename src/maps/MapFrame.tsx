import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { MapContainer, ZoomControl } from 'react-leaflet';
import { MapBackground } from './background/MapBackground';
import { MapAccessibleName } from './MapAccessibleName';
import { plainBackground, type LatLon } from './mapStyles';

export interface MapFrameProps {
    /** The map's accessible name. */
    label: string;
    /** Translated titles of the zoom buttons. */
    zoomInTitle: string;
    zoomOutTitle: string;
    /** Where the view starts, before the layers fit it to their data. */
    center: LatLon;
    tileUrl?: string;
    attribution?: string;
    height: number | string;
    /** The layers drawn on the map (components that use react-leaflet's `useMap`). */
    children: ReactNode;
}

/**
 * The frame of a page's map of one tour: a bordered box, Leaflet on its canvas, zoom buttons and
 * the background (tiles when the installation names a tile source and they load, otherwise the
 * offline background the product serves itself, so the map works offline and in tests). Tab
 * moves through and past it; arrow keys pan, + and − zoom; the wheel scrolls the page.
 */
export function MapFrame({
    label,
    zoomInTitle,
    zoomOutTitle,
    center,
    tileUrl,
    attribution,
    height,
    children,
}: MapFrameProps) {
    return (
        <Box
            sx={{
                height,
                borderRadius: 1,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                '& .leaflet-container': {
                    height: '100%',
                    width: '100%',
                    background: plainBackground,
                    fontFamily: 'inherit',
                },
            }}
        >
            <MapContainer
                center={[center.latitude, center.longitude]}
                zoom={12}
                zoomSnap={0.25}
                preferCanvas
                zoomControl={false}
                scrollWheelZoom={false}
            >
                <MapAccessibleName label={label} />
                <ZoomControl
                    position="topleft"
                    zoomInTitle={zoomInTitle}
                    zoomOutTitle={zoomOutTitle}
                />
                <MapBackground tileUrl={tileUrl} attribution={attribution} />
                {children}
            </MapContainer>
        </Box>
    );
}
