import type { BrowserConfig } from '../../server/config';
import type { HttpClient } from './httpClient';

/** Depot calls beyond simple REST: the CSV bulk upload (service: tenantAdmin). Placeholder until the work lands. */
export type DepotMethods = Record<never, never>;

export function createDepotMethods(_services: BrowserConfig['services'], _httpClient: HttpClient): DepotMethods {
    return {};
}
