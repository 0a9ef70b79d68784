import { fleetStateStyles } from '../mapStyles';
import { shapeVertices, VEHICLE_RADIUS } from './fleetDrawing';
import type { FleetState } from './fleetStore';

/** A vehicle's symbol as the map draws it (shape, colour, white edge), for the legend and lists. */
export function FleetStateSymbol({ state, size = 18 }: { state: FleetState; size?: number }) {
    const { color, shape } = fleetStateStyles[state];
    const r = VEHICLE_RADIUS;
    const half = size / 2;
    const scale = size / (2 * r + 6);
    const common = { stroke: '#ffffff', strokeWidth: 2 / scale, strokeLinejoin: 'round' as const };
    return (
        <svg
            width={size}
            height={size}
            viewBox={`${-half / scale} ${-half / scale} ${size / scale} ${size / scale}`}
            aria-hidden
            focusable="false"
        >
            {shape === 'circle' || shape === 'ring' ? (
                <circle r={shape === 'ring' ? r - 1 : r} fill={color} {...common} />
            ) : (
                <polygon
                    points={shapeVertices(shape, r)
                        .map((corner) => corner.join(','))
                        .join(' ')}
                    fill={color}
                    {...common}
                />
            )}
            {shape === 'ring' ? <circle r={r - 4} fill="#ffffff" /> : null}
        </svg>
    );
}
