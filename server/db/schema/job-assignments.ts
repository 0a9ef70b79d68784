import { relations } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';

/**
 * Assignments of jobs imported by the data gateway (domain §3 Job: "assignments: key, value,
 * date, depot, priority group, scan time, source, created ext., imported, expired at"). The
 * key names what the job is assigned to (e.g. a vehicle or tour) and the value which one.
 * Rows carry the depot's scope path so scope filters stay one prefix match.
 */
export const jobAssignments = pgTable(
    'job_assignments',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        /** The depot's scope path (tenant.country.group.depot). */
        scopePath: text('scope_path').notNull(),
        /** The job's internal id (jobs.id). */
        jobId: text('job_id').notNull(),
        /** The delivery day the assignment is for. */
        assignmentDate: date('assignment_date', { mode: 'string' }).notNull(),
        assignmentKey: text('assignment_key').notNull(),
        /** E.g. the vehicle or tour number. */
        assignmentValue: text('assignment_value').notNull(),
        priorityGroup: text('priority_group'),
        scanTime: timestamp('scan_time', { withTimezone: true }),
        /** The system that sent the assignment. */
        source: text('source'),
        /** When the sending system created the assignment. */
        createdExtAt: timestamp('created_ext_at', { withTimezone: true }),
        /** When the data gateway received it: "the last assignment" of the health statistics. */
        importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
        expiredAt: timestamp('expired_at', { withTimezone: true }),
        /** The job's stop in the planned sequence of its tour (1-based), when the sender gives one. */
        sequence: integer('sequence'),
        /** The API credential that sent it. */
        senderId: text('sender_id'),
    },
    (table) => [
        // Latest assignment of a depot (or of an organisation) on a date: one backward index scan.
        index('job_assignments_depot_date_imported_idx').on(
            table.depotId,
            table.assignmentDate,
            table.importedAt,
        ),
        index('job_assignments_tenant_date_imported_idx').on(
            table.tenantId,
            table.assignmentDate,
            table.importedAt,
        ),
        // A re-import of the job updates its assignment for the same key and date.
        uniqueIndex('job_assignments_job_key_date_key').on(
            table.jobId,
            table.assignmentKey,
            table.assignmentDate,
        ),
    ],
);

export const jobAssignmentsRelations = relations(jobAssignments, ({ one }) => ({
    tenant: one(tenants, { fields: [jobAssignments.tenantId], references: [tenants.id] }),
    depot: one(depots, { fields: [jobAssignments.depotId], references: [depots.internalDepotId] }),
}));
