import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../../domain/contracts/common.js';
import {
    Role,
    RoleBody,
    RoleFilter,
    RoleList,
    RoleParams,
    roleSortFields,
    RoleUpdateBody,
} from '../../../../domain/contracts/roles.js';
import { requireAction } from '../../../access/route-access.js';
import { notFound } from '../../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../../shared/simple-rest.js';
import { bodyTenant, listedRoleTenants, READ_ROLES, roleFeature, rolesOf } from './role-access.js';
import { createRole, deleteRole, updateRole } from './role-writes.js';
import { findRole, listRoles } from './roles-repository.js';

const parseRoleFilter = filterParser(RoleFilter);

/**
 * Roles (`/api/roles`, react-admin simple REST; domain §3 Role, §5 Roles). An organisation's
 * roles are read and written with r:role / c:role / u:role / d:role in the tenant context on the
 * organisation; the platform's technical roles (no organisation) are listed beside them and are
 * read-only for everyone. Another organisation's role answers 404 like an unknown id.
 */
export const roleCrudRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/roles',
        {
            config: {
                access: roleFeature(
                    READ_ROLES,
                    'lists the roles of an organisation where it is held (filter.tenantId, required unless held for every organisation) and the technical roles.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Roles of an organisation and the technical roles: sortable (name, assignedUsers), paginated, filtered (tenantId, q, context, id)',
                querystring: SimpleRestQuery,
                response: { 200: RoleList, ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(request.query, roleSortFields, 'name', parseRoleFilter);
            const readable = listedRoleTenants(request, params.filter.tenantId);
            const { rows, total } = await listRoles(fastify.db, readable, params);
            reply.header('content-range', contentRange('roles', params.offset, rows.length, total));
            return rows;
        },
    );

    fastify.get(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    READ_ROLES,
                    'answers the technical roles and those of organisations where it is held; others are 404.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: 'One role',
                params: RoleParams,
                response: { 200: Role, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const role = await findRole(fastify.db, rolesOf(request), request.params.id);
            if (!role) throw notFound(`Role ${request.params.id}`);
            return role;
        },
    );

    fastify.post(
        '/roles',
        {
            config: { access: requireAction('c:role', { context: 'tenant', path: bodyTenant }) },
            schema: {
                tags: ['back-office'],
                summary: "Creates an organisation's role",
                body: RoleBody,
                response: { 201: Role, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            const created = await createRole(fastify.db, request, request.body);
            return reply.code(201).send(created);
        },
    );

    fastify.put(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    'u:role',
                    "changes the roles of organisations where it is held; technical roles are 403, another organisation's role 404.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: "Changes an organisation's role (send the version it was based on)",
                params: RoleParams,
                body: RoleUpdateBody,
                response: { 200: Role, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) =>
            updateRole(fastify.db, request, rolesOf(request), request.params.id, request.body),
    );

    fastify.delete(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    'd:role',
                    "deletes unassigned roles of organisations where it is held; technical roles are 403, another organisation's role 404.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: "Deletes an organisation's role that no user holds (irreversible)",
                params: RoleParams,
                response: { 200: Role, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => deleteRole(fastify.db, request, rolesOf(request), request.params.id),
    );
};
