import { demoCountry } from './data/countries.js';
import { platformEmailDomain, type DemoOrganisation } from './data/organisations.js';
import { organisationSeats, platformSeats, type GrantLevel, type StaffSeat } from './data/staff.js';
import { demoPassword, landLine, mobilePhone, personName, uniqueEmail } from './contacts.js';
import type { TakenContacts } from './fleet.js';
import type { DemoDepot } from './organisations.js';
import type { Random } from './random.js';
import type { DemoSubcontractor } from './subcontractors.js';
import type { DemoIdentity, PermissionAssignmentRow, UserRow } from './types.js';

/** A generated back-office user with its password and roles (main role first). */
export interface DemoStaffMember {
    user: UserRow;
    email: string;
    password: string;
    roleIds: string[];
}

export interface StaffPart {
    staff: DemoStaffMember[];
    users: UserRow[];
    identities: DemoIdentity[];
    permissionAssignments: PermissionAssignmentRow[];
}

interface Target {
    path: string;
    countryCode: string;
    subcontractor?: DemoSubcontractor;
}

/** Hands out scope targets of one organisation in a shuffled, repeating order. */
function targetPicker(
    random: Random,
    organisation: DemoOrganisation,
    depots: readonly DemoDepot[],
    subcontractors: readonly DemoSubcontractor[],
) {
    const own = depots.filter((depot) => depot.organisation === organisation);
    const groups = [
        ...new Map(own.map((depot) => [depot.groupPath, depot.city.countryCode])).entries(),
    ];
    const lists: Record<Exclude<GrantLevel, 'all' | 'tenant'>, Target[]> = {
        group: random.shuffle(groups.map(([path, countryCode]) => ({ path, countryCode }))),
        depot: random.shuffle(
            own.map((depot) => ({
                path: depot.row.scopePath,
                countryCode: depot.city.countryCode,
            })),
        ),
        subcontractor: random.shuffle(
            subcontractors
                .filter((suco) => suco.depot.organisation === organisation)
                .map((suco) => ({
                    path: suco.row.scopePath,
                    countryCode: suco.depot.city.countryCode,
                    subcontractor: suco,
                })),
        ),
    };
    const cursors = { group: 0, depot: 0, subcontractor: 0 };
    return (level: GrantLevel): Target => {
        if (level === 'all') return { path: '', countryCode: organisation.countryCode };
        if (level === 'tenant')
            return { path: organisation.id, countryCode: organisation.countryCode };
        const list = lists[level];
        const target = list[cursors[level]++ % list.length];
        if (!target) throw new Error(`organisation ${organisation.id} has no ${level}`);
        return target;
    };
}

function staffMember(
    random: Random,
    seat: StaffSeat,
    organisation: DemoOrganisation | null,
    pick: (level: GrantLevel) => Target,
    taken: TakenContacts & { passwords: Set<string> },
) {
    const targets = new Map<GrantLevel, Target>();
    const targetOf = (level: GrantLevel): Target => {
        const target = targets.get(level) ?? pick(level);
        targets.set(level, target);
        return target;
    };
    const main = targetOf(seat.grants[0]?.[1] ?? 'tenant');
    const country = demoCountry(main.countryCode);
    const name = personName(random, country.code);
    const email = uniqueEmail(name, organisation?.emailDomain ?? platformEmailDomain, taken.emails);
    const sub = random.uuid();
    const user: UserRow = {
        id: random.id(),
        tenantId: organisation?.id ?? null,
        type: seat.type,
        email,
        ...name,
        mobilePhone: random.chance(0.7) ? mobilePhone(random, country, taken.phones) : null,
        landLine: random.chance(0.35) ? landLine(random, country, taken.phones) : null,
        subcontractorId: main.subcontractor?.row.id ?? null,
        scopePath: main.subcontractor ? main.path : null,
        wantsSecondScreenNews: random.chance(0.2),
        identitySub: sub,
    };
    const password = demoPassword(random, taken.passwords);
    const assignments = seat.grants.map(([roleId, level]) => ({
        id: random.id(),
        userId: user.id,
        roleId,
        scopePath: targetOf(level).path,
        tenantId: level === 'all' ? null : (organisation?.id ?? null),
    }));
    const identity: DemoIdentity = { sub, username: email, email, password };
    return {
        member: { user, email, password, roleIds: seat.grants.map(([roleId]) => roleId) },
        identity,
        assignments,
    };
}

/**
 * Back-office users of every type and every technical role: the platform's admins, then the
 * same staff plan in each organisation, scoped to its organisation, regions, depots and
 * subcontractors. Each has their own password.
 */
export function generateStaff(
    random: Random,
    organisations: readonly DemoOrganisation[],
    depots: readonly DemoDepot[],
    subcontractors: readonly DemoSubcontractor[],
    taken: TakenContacts,
): StaffPart {
    const part: StaffPart = { staff: [], users: [], identities: [], permissionAssignments: [] };
    const contacts = { ...taken, passwords: new Set<string>() };
    const add = (
        seat: StaffSeat,
        organisation: DemoOrganisation | null,
        pick: (level: GrantLevel) => Target,
    ) => {
        const { member, identity, assignments } = staffMember(
            random,
            seat,
            organisation,
            pick,
            contacts,
        );
        part.staff.push(member);
        part.users.push(member.user);
        part.identities.push(identity);
        part.permissionAssignments.push(...assignments);
    };
    const platformPick = (): Target => ({ path: '', countryCode: 'DE' });
    for (const seat of platformSeats) add(seat, null, platformPick);
    for (const organisation of organisations) {
        const pick = targetPicker(random, organisation, depots, subcontractors);
        for (const seat of organisationSeats) add(seat, organisation, pick);
    }
    return part;
}
