import type { DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DepotUploadAnswer } from '../../domain/contracts/depots';
import type { DepotGroup as DepotRegion } from '../../domain/contracts/organisations';
import type { BrowserConfig } from '../../domain/contracts/browser-config';
import type { HttpClient } from './httpClient';

/** Depot calls beyond simple REST (service: tenantAdmin). */
export interface DepotMethods {
    /** Sends the raw CSV file; 201 `{ created }`, or 400 DEPOT_UPLOAD_INVALID listing every bad row. */
    uploadDepotsCsv(csv: Blob | string): Promise<DepotUploadAnswer>;
    /** The regions of one organisation, for the depot form's region select. */
    getDepotRegions(tenantId: string): Promise<DepotRegion[]>;
}

export function createDepotMethods(
    services: BrowserConfig['services'],
    httpClient: HttpClient,
): DepotMethods {
    const base = services.tenantAdmin;
    return {
        uploadDepotsCsv: async (csv) => {
            const body = typeof csv === 'string' ? csv : await csv.text();
            return (
                await httpClient(`${base}/depots/upload`, {
                    method: 'POST',
                    body,
                    headers: { 'Content-Type': 'text/csv' },
                })
            ).json as DepotUploadAnswer;
        },
        getDepotRegions: async (tenantId) => {
            const query = new URLSearchParams({ filter: JSON.stringify({ tenantId }) });
            return (await httpClient(`${base}/depotGroups?${query.toString()}`))
                .json as DepotRegion[];
        },
    };
}

/**
 * The organisation view's depot management list (`GET /tenant-admin/v1/tenants/:tenantId/depots`,
 * gated by r:depot-mgmt-list), in the simple REST contract under the resource name `depots`.
 */
export function createTenantDepotsProvider(
    services: BrowserConfig['services'],
    httpClient: HttpClient,
    tenantId: string,
): DataProvider {
    return simpleRestProvider(
        `${services.tenantAdmin}/tenants/${encodeURIComponent(tenantId)}`,
        httpClient,
    );
}
