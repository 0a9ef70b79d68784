import type { BrowserConfig } from '../../server/config';
import type { HttpClient } from './httpClient';

/** Client configurations of organisations, depots and the tour commander: current document, save, history, restore, schema assets (services: tenantAdmin, tourCommander). Placeholder until the work lands. */
export type ClientConfigMethods = Record<never, never>;

export function createClientConfigMethods(_services: BrowserConfig['services'], _httpClient: HttpClient): ClientConfigMethods {
    return {};
}
