import type { BrowserConfig } from '../../server/config';
import type { HttpClient } from './httpClient';

/** Backoffice actions: role-sync export, preview and import; translation uploads (service: backOffice). Placeholder until the work lands. */
export type BackofficeActionMethods = Record<never, never>;

export function createBackofficeActionMethods(_services: BrowserConfig['services'], _httpClient: HttpClient): BackofficeActionMethods {
    return {};
}
