import { subcontractorScopePath } from '../../domain/scopePath.js';
import { demoCountry } from './data/countries.js';
import { companyPatterns, demoNames } from './data/people.js';
import type { DemoDepot } from './organisations.js';
import { unique, type Random } from './random.js';
import type { SubcontractorRow } from './types.js';

export interface DemoSubcontractor {
    row: SubcontractorRow;
    depot: DemoDepot;
}

/** How many subcontractors the demo data has in all. */
const SUBCONTRACTOR_COUNT = 40;

function companyName(random: Random, depot: DemoDepot): string {
    const language = demoCountry(depot.city.countryCode).language;
    return random
        .pick(companyPatterns[language])
        .replace('{last}', random.pick(demoNames[language].last))
        .replace('{city}', depot.city.locality);
}

/** Subcontractors: one per depot, and a second one at randomly chosen depots up to the total. */
export function generateSubcontractors(
    random: Random,
    depots: readonly DemoDepot[],
): DemoSubcontractor[] {
    const extra = new Set(
        random.shuffle(depots).slice(0, Math.max(0, SUBCONTRACTOR_COUNT - depots.length)),
    );
    const codesByTenant = new Map<string, Set<string>>();
    const result: DemoSubcontractor[] = [];
    for (const depot of depots) {
        const names = new Set<string>();
        const codes = codesByTenant.get(depot.row.tenantId) ?? new Set<string>();
        codesByTenant.set(depot.row.tenantId, codes);
        for (let n = 0; n < (extra.has(depot) ? 2 : 1); n++) {
            const id = random.id();
            result.push({
                depot,
                row: {
                    id,
                    tenantId: depot.row.tenantId,
                    depotId: depot.row.internalDepotId,
                    name: unique(names, () => companyName(random, depot)),
                    code: unique(codes, () => `SC${random.digits(4)}`),
                    scopePath: subcontractorScopePath(depot.row.scopePath, id),
                },
            });
        }
    }
    return result;
}
