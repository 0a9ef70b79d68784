import type { FastifyInstance } from 'fastify';
import type { RoleContext, UserType } from '../../../domain/enums.js';
import { depotScopePath, subcontractorScopePath } from '../../../domain/scopePath.js';
import type { Database } from '../../../server/db/client.js';
import {
    depotGroups,
    depots,
    permissionAssignments,
    roles,
    subcontractors,
    tenants,
    users,
} from '../../../server/db/schema/index.js';
import { createIdentities } from '../../../server/identity/directory.js';

export const FIXTURE_PASSWORD = 'Fixture-Pass-1!';

/**
 * A small organisation model for API tests: tenant `north` (DE, two regions, three depots,
 * subcontractors) and tenant `north1` (IT, one depot) — whose id starts like the first one,
 * so a scope check that compares raw string prefixes would leak it.
 */
export const ids = {
    north: 'north',
    north1: 'north1',
    groupA: 'grp-a',
    groupB: 'grp-b',
    groupC: 'grp-c',
    berlin: 'dep-berlin',
    hamburg: 'dep-hamburg',
    munich: 'dep-munich',
    milan: 'dep-milan',
    sucoBerlin: 'suco-berlin',
    sucoMilan: 'suco-milan',
} as const;

export const paths = {
    berlin: depotScopePath(ids.north, 'DE', ids.groupA, ids.berlin),
    hamburg: depotScopePath(ids.north, 'DE', ids.groupA, ids.hamburg),
    munich: depotScopePath(ids.north, 'DE', ids.groupB, ids.munich),
    milan: depotScopePath(ids.north1, 'IT', ids.groupC, ids.milan),
    groupA: `${ids.north}.DE.${ids.groupA}`,
    sucoBerlin: subcontractorScopePath(
        depotScopePath(ids.north, 'DE', ids.groupA, ids.berlin),
        ids.sucoBerlin,
    ),
};

interface FixtureUser {
    key: string;
    type: UserType;
    email: string;
    tenantId: string | null;
    active?: boolean;
    roles: { roleId: string; scopePath: string }[];
}

const fixtureRoles: { id: string; name: string; contexts: RoleContext[]; actions: string[] }[] = [
    { id: 'role-admin', name: 'Admin', contexts: ['ADMIN'], actions: ['admin'] },
    {
        id: 'role-org-admin',
        name: 'Organization Admin',
        contexts: ['TENANT'],
        actions: ['tenant-admin'],
    },
    {
        id: 'role-tenant-std',
        name: 'Standard Access (Tenant)',
        contexts: ['TENANT'],
        actions: ['r:parcel-finder'],
    },
    {
        id: 'role-depot-std',
        name: 'Standard Access (Depot)',
        contexts: ['DEPOT'],
        actions: ['r:tour', 'r:suco'],
    },
    {
        id: 'role-suco-std',
        name: 'Standard Access (SuCo)',
        contexts: ['SUBCONTRACTOR'],
        actions: ['r:suco', 'r:driver'],
    },
];

export const fixtureUsers: FixtureUser[] = [
    {
        key: 'admin',
        type: 'Admin',
        email: 'admin@fixture.test',
        tenantId: null,
        roles: [{ roleId: 'role-admin', scopePath: '' }],
    },
    {
        key: 'orgAdmin',
        type: 'BackofficeManager',
        email: 'org.admin@fixture.test',
        tenantId: ids.north,
        roles: [{ roleId: 'role-org-admin', scopePath: ids.north }],
    },
    {
        key: 'tenantUser',
        type: 'BackofficeManager',
        email: 'tenant.user@fixture.test',
        tenantId: ids.north,
        roles: [{ roleId: 'role-tenant-std', scopePath: ids.north }],
    },
    {
        key: 'groupManager',
        type: 'BackofficeManager',
        email: 'group.manager@fixture.test',
        tenantId: ids.north,
        roles: [{ roleId: 'role-depot-std', scopePath: paths.groupA }],
    },
    {
        key: 'sucoUser',
        type: 'SubContractorUser',
        email: 'suco.user@fixture.test',
        tenantId: ids.north,
        roles: [{ roleId: 'role-suco-std', scopePath: paths.sucoBerlin }],
    },
    {
        key: 'inactive',
        type: 'BackofficeManager',
        email: 'inactive@fixture.test',
        tenantId: ids.north,
        active: false,
        roles: [{ roleId: 'role-depot-std', scopePath: paths.berlin }],
    },
];

function depotRow(
    internalDepotId: string,
    tenantId: string,
    countryCode: string,
    groupId: string,
    externalDepotId: string,
    name: string,
    lat: number,
    lon: number,
    timeZone: string,
) {
    return {
        internalDepotId,
        tenantId,
        groupId,
        externalDepotId,
        name,
        street: 'Depotstraße',
        houseNo: '1',
        postcode: '10115',
        locality: name,
        countryCode,
        latitude: lat,
        longitude: lon,
        timeZone,
        scopePath: depotScopePath(tenantId, countryCode, groupId, internalDepotId),
    };
}

/** Inserts the fixture model; every user gets an identity with FIXTURE_PASSWORD (plus one identity without a user). */
export async function seedFixtures(db: Database): Promise<void> {
    await db.insert(tenants).values([
        { id: ids.north, name: 'North Parcel', countryCode: 'DE' },
        { id: ids.north1, name: 'North One Italia', countryCode: 'IT', timeZone: 'Europe/Rome' },
    ]);
    await db.insert(depotGroups).values([
        { id: ids.groupA, tenantId: ids.north, name: 'Region A' },
        { id: ids.groupB, tenantId: ids.north, name: 'Region B' },
        { id: ids.groupC, tenantId: ids.north1, name: 'Lombardia' },
    ]);
    await db
        .insert(depots)
        .values([
            depotRow(
                ids.berlin,
                ids.north,
                'DE',
                ids.groupA,
                '110',
                'Berlin',
                52.52,
                13.405,
                'Europe/Berlin',
            ),
            depotRow(
                ids.hamburg,
                ids.north,
                'DE',
                ids.groupA,
                '9',
                'Hamburg',
                53.551,
                9.993,
                'Europe/Berlin',
            ),
            depotRow(
                ids.munich,
                ids.north,
                'DE',
                ids.groupB,
                '120',
                'München',
                48.137,
                11.575,
                'Europe/Berlin',
            ),
            depotRow(
                ids.milan,
                ids.north1,
                'IT',
                ids.groupC,
                '200',
                'Milano',
                45.464,
                9.19,
                'Europe/Rome',
            ),
        ]);
    await db.insert(subcontractors).values([
        {
            id: ids.sucoBerlin,
            tenantId: ids.north,
            depotId: ids.berlin,
            name: 'Spree Kurier',
            code: 'SK1',
            scopePath: paths.sucoBerlin,
        },
        {
            id: ids.sucoMilan,
            tenantId: ids.north1,
            depotId: ids.milan,
            name: 'Navigli Trasporti',
            code: 'NT1',
            scopePath: subcontractorScopePath(paths.milan, ids.sucoMilan),
        },
    ]);
    await db.insert(roles).values(fixtureRoles.map((role) => ({ ...role, visibilityPath: '' })));
    const subs = await createIdentities(db, [
        ...fixtureUsers.map((user) => ({
            username: user.email,
            email: user.email,
            password: FIXTURE_PASSWORD,
        })),
        {
            username: 'nobody@fixture.test',
            email: 'nobody@fixture.test',
            password: FIXTURE_PASSWORD,
        },
    ]);
    await db.insert(users).values(
        fixtureUsers.map((user, index) => ({
            id: `user-${user.key}`,
            tenantId: user.tenantId,
            type: user.type,
            email: user.email,
            firstName: user.key,
            lastName: 'Fixture',
            active: user.active ?? true,
            identitySub: subs[index],
        })),
    );
    await db.insert(permissionAssignments).values(
        fixtureUsers.flatMap((user) =>
            user.roles.map((role, index) => ({
                id: `perm-${user.key}-${index}`,
                userId: `user-${user.key}`,
                roleId: role.roleId,
                scopePath: role.scopePath,
                tenantId: role.scopePath.split('.')[0] || null,
            })),
        ),
    );
}

/** Signs in through the embedded Cognito endpoint and returns the access token. */
export async function accessTokenFor(
    app: FastifyInstance,
    username: string,
    clientId: string,
    password = FIXTURE_PASSWORD,
): Promise<string> {
    const response = await app.inject({
        method: 'POST',
        url: '/cognito-idp/',
        headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId,
            AuthParameters: { USERNAME: username, PASSWORD: password },
        },
    });
    const body = response.json<{ AuthenticationResult?: { AccessToken: string } }>();
    if (!body.AuthenticationResult)
        throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return body.AuthenticationResult.AccessToken;
}

export interface FixtureRole {
    id: string;
    name: string;
    contexts: RoleContext[];
    actions: string[];
}

export interface ExtraFixtureUser {
    key: string;
    type: UserType;
    email: string;
    tenantId: string | null;
    roles: { roleId: string; scopePath: string }[];
}

/**
 * Adds roles and back-office users (ids `user-<key>`, each with an identity whose password is
 * FIXTURE_PASSWORD) to a database seeded with `seedFixtures`, for tests that need more kinds of
 * users than the shared model has.
 */
export async function addFixtureUsers(
    db: Database,
    extraUsers: readonly ExtraFixtureUser[],
    extraRoles: readonly FixtureRole[] = [],
): Promise<void> {
    if (extraRoles.length > 0)
        await db.insert(roles).values(extraRoles.map((role) => ({ ...role, visibilityPath: '' })));
    const subs = await createIdentities(
        db,
        extraUsers.map((user) => ({
            username: user.email,
            email: user.email,
            password: FIXTURE_PASSWORD,
        })),
    );
    await db.insert(users).values(
        extraUsers.map((user, index) => ({
            id: `user-${user.key}`,
            tenantId: user.tenantId,
            type: user.type,
            email: user.email,
            firstName: user.key,
            lastName: 'Fixture',
            identitySub: subs[index],
        })),
    );
    const assignments = extraUsers.flatMap((user) =>
        user.roles.map((role, index) => ({
            id: `perm-${user.key}-${index}`,
            userId: `user-${user.key}`,
            roleId: role.roleId,
            scopePath: role.scopePath,
            tenantId: role.scopePath.split('.')[0] || null,
        })),
    );
    if (assignments.length > 0) await db.insert(permissionAssignments).values(assignments);
}
