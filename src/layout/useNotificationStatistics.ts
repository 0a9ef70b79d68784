import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { NotificationStatistics } from '../../domain/contracts/statistics';
import type { AppDataProvider } from '../dataProviders';

/** The badges refresh this often while the drawer shows. */
const REFRESH_MS = 5 * 60_000;

/**
 * Notification statistics of the selected scope path (`GET /api/statistics?path=`) for the
 * drawer's badges; undefined `path` asks nothing. A failure shows no badge (logged only).
 */
export function useNotificationStatistics(
    path: string | undefined,
): NotificationStatistics | undefined {
    const dataProvider = useDataProvider<AppDataProvider>();
    const { data } = useQuery<NotificationStatistics | null>({
        queryKey: ['app', 'statistics', path ?? ''],
        queryFn: async () => {
            try {
                return await dataProvider.getStatistics(path ?? '');
            } catch (error) {
                console.warn('The notification statistics could not be loaded', error);
                return null;
            }
        },
        enabled: path !== undefined,
        refetchInterval: REFRESH_MS,
    });
    return data ?? undefined;
}
