/**
 * Which background a map shows (ARCHITECTURE.md, Maps): the configured tiles, or the offline
 * background the product serves itself when none are configured or they cannot be loaded.
 */
export interface BackgroundChoice {
    source: 'tiles' | 'offline';
    tileErrors: number;
    tileLoads: number;
}

/** Tiles that failed this often without one loading mean the tile server is out of reach. */
const TILE_ERRORS_BEFORE_OFFLINE = 3;

/** Tiles when a tile URL is configured, else the offline background. */
export const initialBackground = (tileUrl: string | undefined): BackgroundChoice => ({
    source: tileUrl ? 'tiles' : 'offline',
    tileErrors: 0,
    tileLoads: 0,
});

/**
 * The choice after a tile loaded or failed: switches to the offline background once
 * TILE_ERRORS_BEFORE_OFFLINE tiles failed and none loaded (a server that answers some tiles
 * stays: a missing tile here and there is not an outage). Never switches back by itself.
 */
export function nextBackground(
    choice: BackgroundChoice,
    event: 'tileerror' | 'tileload',
): BackgroundChoice {
    if (choice.source === 'offline') return choice;
    const next =
        event === 'tileload'
            ? { ...choice, tileLoads: choice.tileLoads + 1 }
            : { ...choice, tileErrors: choice.tileErrors + 1 };
    return next.tileErrors >= TILE_ERRORS_BEFORE_OFFLINE && next.tileLoads === 0
        ? { ...next, source: 'offline' }
        : next;
}
