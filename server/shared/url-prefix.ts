/**
 * Whether a request URL (path and query) lies under one of the path prefixes: the prefix
 * itself, or followed by `/` or `?` (so `/api` covers `/api/users` but not `/apiary`).
 */
export function underPrefix(url: string, prefixes: readonly string[]): boolean {
    return prefixes.some(
        (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
    );
}
