/**
 * Address → coordinates through a Nominatim-compatible search (`GEOCODER_URL`):
 * `GET <url>?q=<address>&format=jsonv2&limit=1`, answered with `[{ lat, lon }]`. A short time-out
 * keeps a slow geocoder from holding a save; any failure reads as "not found", so the caller can
 * ask for coordinates instead.
 */

export interface GeocodeAddress {
    street: string;
    houseNo?: string | null;
    postcode: string;
    locality: string;
    countryCode: string;
}

export interface Coordinates {
    latitude: number;
    longitude: number;
}

const GEOCODER_TIMEOUT_MS = 3000;

/** The one-line query a geocoder understands best: "street no, postcode locality, country". */
export function geocodeQuery(address: GeocodeAddress): string {
    const street = [address.street, address.houseNo ?? '']
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
    const place = [address.postcode, address.locality]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
    return [street, place, address.countryCode.trim()].filter(Boolean).join(', ');
}

function coordinate(value: unknown, limit: number): number | null {
    const number =
        typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
    return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** The first hit's coordinates, or null (no geocoder configured, no hit, error or time-out). */
export async function geocode(
    geocoderUrl: string | undefined,
    address: GeocodeAddress,
    timeoutMs = GEOCODER_TIMEOUT_MS,
): Promise<Coordinates | null> {
    if (!geocoderUrl) return null;
    let url: URL;
    try {
        url = new URL(geocoderUrl);
    } catch {
        return null;
    }
    url.searchParams.set('q', geocodeQuery(address));
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    if (address.countryCode)
        url.searchParams.set('countrycodes', address.countryCode.toLowerCase());
    try {
        const response = await fetch(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        const first: unknown = Array.isArray(body) ? body[0] : undefined;
        if (!first || typeof first !== 'object') return null;
        const { lat, lon } = first as { lat?: unknown; lon?: unknown };
        const latitude = coordinate(lat, 90);
        const longitude = coordinate(lon, 180);
        return latitude === null || longitude === null ? null : { latitude, longitude };
    } catch {
        return null;
    }
}
