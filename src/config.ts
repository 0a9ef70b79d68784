import type { BrowserConfig } from '../domain/contracts/browser-config';

/** Used when index.html carries no injected configuration (Vite dev server without the API). */
export const defaultBrowserConfig: BrowserConfig = {
    versionId: 'dev',
    cognito: {
        userPoolId: 'local_BackOffice',
        userPoolClientId: 'backoffice-web',
        userPoolEndpoint: '/cognito-idp/',
    },
    services: {
        backOffice: '/api',
        tenantAdmin: '/tenant-admin/v1',
        dataGateway: '/data-gateway/api/v1/backoffice',
        deviceManagement: '/device-management/api/v1',
        tourCommander: '/tour-commander/v1',
        apiAccess: '/api-access/api/v1',
    },
};

/**
 * Reads the configuration the server injects into index.html
 * (`<script id="app-config" type="application/json">`). The Cognito block is taken as a
 * whole: a missing `userPoolEndpoint` means a real Cognito user pool.
 */
export function readBrowserConfig(doc: Document = document): BrowserConfig {
    const text = doc.getElementById('app-config')?.textContent;
    if (!text) return defaultBrowserConfig;
    try {
        const injected = JSON.parse(text) as Partial<BrowserConfig>;
        return {
            versionId: injected.versionId ?? defaultBrowserConfig.versionId,
            cognito: injected.cognito ?? defaultBrowserConfig.cognito,
            services: { ...defaultBrowserConfig.services, ...injected.services },
            helpCenterUrl: injected.helpCenterUrl,
            routePlannerUrl: injected.routePlannerUrl,
            addressLookup: injected.addressLookup,
            mailViewer: injected.mailViewer,
            environment: injected.environment,
            apiTokenTtlSeconds: injected.apiTokenTtlSeconds,
            mapTileUrl: injected.mapTileUrl,
            mapAttribution: injected.mapAttribution,
        };
    } catch (error) {
        console.error('Invalid app-config; using defaults', error);
        return defaultBrowserConfig;
    }
}

let current: BrowserConfig | undefined;

/** The configuration of this page load, read once. */
export function getBrowserConfig(): BrowserConfig {
    current ??= readBrowserConfig();
    return current;
}
