import type { BrowserConfig } from '../../server/config';
import type { HttpClient } from './httpClient';

/** API credential calls beyond simple REST: rotate and revoke (service: apiAccess). Placeholder until the work lands. */
export type ApiAccessMethods = Record<never, never>;

export function createApiAccessMethods(_services: BrowserConfig['services'], _httpClient: HttpClient): ApiAccessMethods {
    return {};
}
