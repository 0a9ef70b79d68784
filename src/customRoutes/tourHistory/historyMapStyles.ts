import { drivenPathStyle, plannedPathStyle, waypointColours } from '../../maps/mapStyles';

/**
 * How the driven history's maps draw the routes and stops: colours with at least 3:1 contrast
 * against the map backgrounds (as src/maps/mapStyles.ts), each named in a legend in words, and
 * dashes that tell the lines apart without colour.
 */
export interface HistoryLineStyle {
    color: string;
    weight: number;
    opacity: number;
    dashArray?: string;
}

export const routeStyles = {
    planned: plannedPathStyle,
    suggested: { color: '#00695c', weight: 3, dashArray: '12 6', opacity: 0.9 },
    driven: drivenPathStyle,
} satisfies Record<string, HistoryLineStyle>;
export type RouteKind = keyof typeof routeStyles;
export const routeKinds = Object.keys(routeStyles) as RouteKind[];

/** A stop on the driven-history map: done by the replay's moment, not yet, never driven; red past the difference. */
export const stopFills = {
    done: waypointColours.DONE,
    notYet: waypointColours.OPEN,
    notDriven: waypointColours.UNASSIGNED,
    red: '#c62828',
} as const;
export type StopFill = keyof typeof stopFills;
