/**
 * Plain `fetch` helpers for the requests that run before the data providers (and Amplify) are
 * loaded: the boot profile, the early depot list, the live snapshot prefetch.
 */

/** The headers of a JSON GET with the access token. */
export const bearerHeaders = (token: string) => ({
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
});

/** The JSON body of a successful answer; undefined for a refusal. */
export async function okJson<T>(response: Response): Promise<T | undefined> {
    return response.ok ? ((await response.json()) as T) : undefined;
}
