import type {
    addressCorrections,
    auditLog,
    depotConfigRevisions,
    depotGroups,
    depots,
    permissionAssignments,
    subcontractors,
    tenantConfigRevisions,
    tenants,
    users,
    vehicles,
} from '../db/schema/index.js';
import type { NewIdentity } from '../identity/directory.js';

/** One demo sign-in printed at start: a representative user of one role. */
export interface DemoLogin {
    role: string;
    email: string;
    password: string;
    userType: string;
}

export type TenantRow = typeof tenants.$inferInsert;
export type DepotGroupRow = typeof depotGroups.$inferInsert;
export type DepotRow = typeof depots.$inferInsert;
export type SubcontractorRow = typeof subcontractors.$inferInsert;
export type VehicleRow = typeof vehicles.$inferInsert;
export type UserRow = typeof users.$inferInsert;
export type PermissionAssignmentRow = typeof permissionAssignments.$inferInsert;
export type TenantConfigRevisionRow = typeof tenantConfigRevisions.$inferInsert;
export type DepotConfigRevisionRow = typeof depotConfigRevisions.$inferInsert;
type AuditLogRow = typeof auditLog.$inferInsert;

/** An address correction with its times as minutes before the seed runs (the data set stays clock-free). */
export type DemoAddressCorrection = Omit<
    typeof addressCorrections.$inferInsert,
    'createdAt' | 'decidedAt'
> & {
    createdMinutesAgo: number;
    decidedMinutesAgo: number | null;
};

/** A driver-app LOGIN with its time as minutes before the seed runs (the data set stays clock-free). */
export interface DemoDriverLogin {
    id: string;
    tenantId: string;
    depotId: string;
    scopePath: string;
    vehicleId: string | null;
    userId: string;
    minutesAgo: number;
}

/** Identities carry their sub, which users.identity_sub points at. */
export type DemoIdentity = NewIdentity & { sub: string };

/** Everything the demo seed writes, as plain rows; deterministic for a seed. */
export interface DemoDataSet {
    seed: string;
    tenants: TenantRow[];
    depotGroups: DepotGroupRow[];
    depots: DepotRow[];
    subcontractors: SubcontractorRow[];
    vehicles: VehicleRow[];
    users: UserRow[];
    identities: DemoIdentity[];
    permissionAssignments: PermissionAssignmentRow[];
    tenantConfigRevisions: TenantConfigRevisionRow[];
    depotConfigRevisions: DepotConfigRevisionRow[];
    addressCorrections: DemoAddressCorrection[];
    driverLogins: DemoDriverLogin[];
    auditLog: AuditLogRow[];
    logins: DemoLogin[];
}

/** Row counts of a data set, for logs and the audit entry. */
export type DemoCounts = Record<Exclude<keyof DemoDataSet, 'seed' | 'logins'>, number>;
