import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Names the map's focusable container for assistive technology (Leaflet makes it focusable for arrow keys). */
export function MapAccessibleName({ label }: { label: string }) {
    const map = useMap();
    useEffect(() => {
        const container = map.getContainer();
        container.setAttribute('role', 'region');
        container.setAttribute('aria-label', label);
    }, [map, label]);
    return null;
}
