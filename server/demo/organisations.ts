import { depotScopePath, joinScopePath } from '../../domain/scopePath.js';
import { demoCountry } from './data/countries.js';
import { demoOrganisations, type DemoCity, type DemoOrganisation } from './data/organisations.js';
import { unique, type Random } from './random.js';
import type { DepotGroupRow, DepotRow, TenantRow } from './types.js';

/** A generated depot with what later steps need to know about it. */
export interface DemoDepot {
    row: DepotRow;
    organisation: DemoOrganisation;
    city: DemoCity;
    /** tenantId.countryCode.groupId: the region's scope path. */
    groupPath: string;
}

export interface OrganisationPart {
    tenants: TenantRow[];
    depotGroups: DepotGroupRow[];
    depots: DemoDepot[];
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function depotRow(
    random: Random,
    organisation: DemoOrganisation,
    groupId: string,
    city: DemoCity,
    taken: { external: Set<string>; mappings: Set<string> },
): DepotRow {
    const country = demoCountry(city.countryCode);
    const internalDepotId = random.id();
    const mappingId = unique(taken.mappings, () => `${country.code}-${random.digits(4)}`);
    return {
        internalDepotId,
        tenantId: organisation.id,
        groupId,
        externalDepotId: unique(taken.external, () => String(random.int(100, 9999))),
        name: `${country.depotLabel} ${city.locality}`,
        street: random.pick(country.streets),
        houseNo: `${random.int(1, 180)}${random.chance(0.15) ? random.pick(['a', 'b', 'c']) : ''}`,
        postcode: city.postcode,
        locality: city.locality,
        countryCode: country.code,
        // Depots sit on the outskirts: a few kilometres from the city centre.
        latitude: round(city.latitude + (random.next() - 0.5) * 0.06),
        longitude: round(city.longitude + (random.next() - 0.5) * 0.08),
        timeZone: country.timeZone,
        deviceMappings: [{ service: 'mdm', id: mappingId }],
        manualJobUploadEnabled: random.chance(0.3),
        scopePath: depotScopePath(organisation.id, country.code, groupId, internalDepotId),
    };
}

/** Organisations (tenants), their regions (depot groups) and depots at real city coordinates. */
export function generateOrganisations(random: Random): OrganisationPart {
    const part: OrganisationPart = { tenants: [], depotGroups: [], depots: [] };
    const mappings = new Set<string>();
    for (const organisation of demoOrganisations) {
        part.tenants.push({
            id: organisation.id,
            name: organisation.name,
            countryCode: organisation.countryCode,
            timeZone: organisation.timeZone,
            businessHoursFrom: organisation.businessHours.from,
            businessHoursTo: organisation.businessHours.to,
        });
        const external = new Set<string>();
        for (const region of organisation.regions) {
            const groupId = random.id();
            part.depotGroups.push({ id: groupId, tenantId: organisation.id, name: region.name });
            const groupPath = joinScopePath([organisation.id, region.countryCode, groupId]);
            for (const city of region.cities) {
                const row = depotRow(random, organisation, groupId, city, { external, mappings });
                part.depots.push({ row, organisation, city, groupPath });
            }
        }
    }
    return part;
}
