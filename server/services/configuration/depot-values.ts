import { parseDeviceMapping } from '../../../domain/depots.js';
import type { CreateDepotBody, DeviceMapping } from '../../../domain/contracts/depots.js';
import { depotScopePath } from '../../../domain/scopePath.js';

/** The stored row of a depot body with its coordinates resolved. */
export interface DepotValues {
    internalDepotId: string;
    tenantId: string;
    groupId: string;
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
    deviceMappings: DeviceMapping[];
    manualJobUploadEnabled: boolean;
    scopePath: string;
}

/** Normalised values of a (valid) body: trimmed texts, parsed mappings, the scope path. */
export function depotValues(
    internalDepotId: string,
    body: CreateDepotBody,
    coordinates: { latitude: number; longitude: number },
): DepotValues {
    const houseNo = body.houseNo?.trim() ?? '';
    const countryCode = body.countryCode.trim();
    return {
        internalDepotId,
        tenantId: body.tenantId,
        groupId: body.groupId,
        externalDepotId: body.externalDepotId.trim(),
        name: body.name.trim(),
        street: body.street.trim(),
        houseNo: houseNo === '' ? null : houseNo,
        postcode: body.postcode.trim(),
        locality: body.locality.trim(),
        countryCode,
        latitude: coordinates.latitude,
        longitude: coordinates.longitude,
        timeZone: body.timeZone.trim(),
        deviceMappings: body.deviceMappings.flatMap((entry) => parseDeviceMapping(entry) ?? []),
        manualJobUploadEnabled: body.manualJobUploadEnabled,
        scopePath: depotScopePath(body.tenantId, countryCode, body.groupId, internalDepotId),
    };
}
