/** A depot as the tenant admin service answers it (`GET /tenant-admin/v1/depots`). */
export interface Depot {
    id: string;
    internalDepotId: string;
    externalDepotId: string;
    name: string;
    street: string;
    houseNo: string | null;
    postcode: string;
    locality: string;
    countryCode: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    tenantId: string;
    tenantName: string;
    groupId: string;
    groupName: string;
    deviceMappings: { service: string; id: string }[];
    manualJobUploadEnabled: boolean;
    scopePath: string;
    version: number;
}
