/** The navigation drawer's notification counts (shell §2.9, §7 `GET /statistics?path=`). */
import { Type, type Static } from 'typebox';
import { ScopePath } from './common.js';

export const StatisticsQuery = Type.Object({ path: Type.Optional(ScopePath) });
export type StatisticsQuery = Static<typeof StatisticsQuery>;

/** Notification statistics of a scope path (`GET /statistics?path=`): the drawer's badges. */
export const NotificationStatistics = Type.Object({
    path: Type.String(),
    addressCorrections: Type.Object({ pending: Type.Integer({ minimum: 0 }) }),
});
export type NotificationStatistics = Static<typeof NotificationStatistics>;
