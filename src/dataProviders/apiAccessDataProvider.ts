import type {
    ApiCredential,
    ApiCredentialBody,
    ApiCredentialWithSecret,
} from '../../domain/contracts/api-access';
import type { BrowserConfig } from '../../domain/contracts/browser-config';
import type { HttpClient } from './httpClient';

/**
 * API credential calls beyond simple REST (service: apiAccess). Create and rotate answer the
 * secret once: they are plain calls, not react-admin mutations, so the secret never enters
 * react-admin's query cache or store; the page holds it in component state while its dialog
 * is open.
 */
export interface ApiAccessMethods {
    createApiCredential(body: ApiCredentialBody): Promise<ApiCredentialWithSecret>;
    rotateApiCredential(id: string): Promise<ApiCredentialWithSecret>;
    revokeApiCredential(id: string): Promise<ApiCredential>;
}

export function createApiAccessMethods(
    services: BrowserConfig['services'],
    httpClient: HttpClient,
): ApiAccessMethods {
    const base = `${services.apiAccess}/credentials`;
    const post = async <T>(url: string, body?: unknown): Promise<T> => {
        const response = await httpClient(url, {
            method: 'POST',
            body: JSON.stringify(body ?? {}),
            cache: 'no-store',
        });
        return response.json as T;
    };
    return {
        createApiCredential: (body) => post<ApiCredentialWithSecret>(base, body),
        rotateApiCredential: (id) =>
            post<ApiCredentialWithSecret>(`${base}/${encodeURIComponent(id)}/rotate`),
        revokeApiCredential: (id) =>
            post<ApiCredential>(`${base}/${encodeURIComponent(id)}/revoke`),
    };
}
