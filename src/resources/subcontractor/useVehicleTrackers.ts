import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
    VEHICLE_TRACKER_ID_PATTERN,
    type VehicleTracker,
    type VehicleTrackerBody as TrackerBody,
} from '../../../domain/contracts/fleet';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';

const trackersUrl = (vehicleId: string) =>
    `${getBrowserConfig().services.backOffice}/vehicles/${encodeURIComponent(vehicleId)}/trackers`;

/** Not under react-admin's `['vehicles', ...]` keys, whose invalidation after a vehicle save would refetch it. */
const trackersKey = (vehicleId: string) => ['vehicleTrackers', vehicleId];

const identifierPattern = new RegExp(VEHICLE_TRACKER_ID_PATTERN);

/** The text key of what is wrong with an identifier the user typed, or undefined when it may be sent. */
export function trackerIdentifierProblem(identifier: string): string | undefined {
    if (identifier === '') return 'app.validation.required';
    return identifierPattern.test(identifier)
        ? undefined
        : 'app.validation.trackerIdentifierFormat';
}

/** `GET /api/vehicles/:id/trackers`: the vehicle's trackers, oldest registration first. */
export function useVehicleTrackers(vehicleId: string) {
    return useQuery({
        queryKey: trackersKey(vehicleId),
        queryFn: async () => (await httpClient(trackersUrl(vehicleId))).json as VehicleTracker[],
    });
}

/** `POST /api/vehicles/:id/trackers`; the list is loaded again afterwards, whatever the answer. */
export function useRegisterTracker(vehicleId: string) {
    const queryClient = useQueryClient();
    return useMutation({
        mutationFn: async (identifier: string) => {
            const body: TrackerBody = { identifier };
            const { json } = await httpClient(trackersUrl(vehicleId), {
                method: 'POST',
                body: JSON.stringify(body),
            });
            return json as VehicleTracker;
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: trackersKey(vehicleId) }),
    });
}

/** `DELETE /api/vehicles/:id/trackers/:trackerId`; the list is loaded again afterwards. */
export function useRemoveTracker(vehicleId: string) {
    const queryClient = useQueryClient();
    return useMutation({
        mutationFn: async (tracker: VehicleTracker) => {
            await httpClient(`${trackersUrl(vehicleId)}/${encodeURIComponent(tracker.id)}`, {
                method: 'DELETE',
            });
            return tracker;
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: trackersKey(vehicleId) }),
    });
}
