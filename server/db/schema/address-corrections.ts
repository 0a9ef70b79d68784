import { relations, sql } from 'drizzle-orm';
import { doublePrecision, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
    addressCorrectionStatuses,
    coordinateTypes,
    driverCommentReasons,
} from '../../../domain/addressCorrections.js';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { users } from './users.js';

export const addressCorrectionStatusEnum = pgEnum(
    'address_correction_status',
    addressCorrectionStatuses,
);
export const coordinateTypeEnum = pgEnum('coordinate_type', coordinateTypes);
export const driverCommentReasonEnum = pgEnum('driver_comment_reason', driverCommentReasons);

/**
 * A location correction sent by a driver (domain §3 Address correction): the current and the
 * corrected coordinates, their distance, the navigation address and the driver's comment;
 * reviewed in the back office (approved or rejected by `done_by`).
 */
export const addressCorrections = pgTable(
    'address_corrections',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        /** The depot's scope path. */
        scopePath: text('scope_path').notNull(),
        status: addressCorrectionStatusEnum('status').notNull().default('PENDING'),
        currentLatitude: doublePrecision('current_latitude').notNull(),
        currentLongitude: doublePrecision('current_longitude').notNull(),
        correctedLatitude: doublePrecision('corrected_latitude').notNull(),
        correctedLongitude: doublePrecision('corrected_longitude').notNull(),
        coordinateType: coordinateTypeEnum('coordinate_type').notNull(),
        /** Metres between the current and the corrected position. */
        distanceM: doublePrecision('distance_m').notNull(),
        navigationAddress: text('navigation_address').notNull(),
        driverCommentReason: driverCommentReasonEnum('driver_comment_reason'),
        driverComment: text('driver_comment'),
        /** The reviewer who approved or rejected it (null while pending). */
        doneBy: text('done_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        decidedAt: timestamp('decided_at', { withTimezone: true }),
    },
    (table) => [
        // Pending corrections under a scope path prefix (the drawer's badge count).
        index('address_corrections_pending_scope_idx')
            .on(table.scopePath.op('text_pattern_ops'))
            .where(sql`${table.status} = 'PENDING'`),
        index('address_corrections_depot_created_idx').on(table.depotId, table.createdAt),
    ],
);

export const addressCorrectionsRelations = relations(addressCorrections, ({ one }) => ({
    tenant: one(tenants, { fields: [addressCorrections.tenantId], references: [tenants.id] }),
    depot: one(depots, {
        fields: [addressCorrections.depotId],
        references: [depots.internalDepotId],
    }),
    doneByUser: one(users, { fields: [addressCorrections.doneBy], references: [users.id] }),
}));
