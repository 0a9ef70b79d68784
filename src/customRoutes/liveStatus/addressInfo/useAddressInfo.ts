import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
    AddressDeliveryInfo,
    AddressDeliveryInfoUploadAnswer,
} from '../../../../domain/contracts/address-delivery-info';
import { getBrowserConfig } from '../../../config';
import { httpClient } from '../../../dataProviders/httpClient';

/** Entries shown per page of the list. */
export const ADDRESS_INFO_PAGE_SIZE = 25;

const baseUrl = () => `${getBrowserConfig().services.tourCommander}/address-delivery-infos`;
const pathQuery = (depotPath: string) => `path=${encodeURIComponent(depotPath)}`;
const entriesKey = (depotPath: string) => ['addressDeliveryInfos', depotPath];

/** Total rows of a `Content-Range: <resource> start-end/total` header (0 when absent). */
function totalOf(headers: Headers): number {
    const total = Number(headers.get('content-range')?.split('/').pop());
    return Number.isFinite(total) ? total : 0;
}

/** One page of the depot's entries (`GET /address-delivery-infos`), sorted by street, searched by `q`. */
export function useAddressInfoEntries(depotPath: string, page: number, q: string, enabled = true) {
    return useQuery({
        queryKey: [...entriesKey(depotPath), page, q],
        enabled,
        placeholderData: keepPreviousData,
        queryFn: async () => {
            const start = page * ADDRESS_INFO_PAGE_SIZE;
            const params = [
                pathQuery(depotPath),
                `sort=${encodeURIComponent(JSON.stringify(['street', 'ASC']))}`,
                `range=${encodeURIComponent(JSON.stringify([start, start + ADDRESS_INFO_PAGE_SIZE - 1]))}`,
                `filter=${encodeURIComponent(JSON.stringify(q.trim() ? { q: q.trim() } : {}))}`,
            ];
            const { json, headers } = await httpClient(`${baseUrl()}?${params.join('&')}`);
            return { entries: json as AddressDeliveryInfo[], total: totalOf(headers) };
        },
    });
}

/** `POST /address-delivery-infos/upload`: the raw CSV text; the list is loaded again afterwards. */
export function useUploadAddressInfo(depotPath: string) {
    const queryClient = useQueryClient();
    return useMutation({
        mutationFn: async (csv: string) => {
            const { json } = await httpClient(`${baseUrl()}/upload?${pathQuery(depotPath)}`, {
                method: 'POST',
                body: csv,
                headers: { 'Content-Type': 'text/csv' },
            });
            return json as AddressDeliveryInfoUploadAnswer;
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: entriesKey(depotPath) }),
    });
}

/** `DELETE /address-delivery-infos/:id`; the list is loaded again afterwards. */
export function useDeleteAddressInfo(depotPath: string) {
    const queryClient = useQueryClient();
    return useMutation({
        mutationFn: async (entry: AddressDeliveryInfo) => {
            await httpClient(
                `${baseUrl()}/${encodeURIComponent(entry.id)}?${pathQuery(depotPath)}`,
                { method: 'DELETE' },
            );
            return entry;
        },
        onSettled: () => queryClient.invalidateQueries({ queryKey: entriesKey(depotPath) }),
    });
}
