import { useSyncExternalStore } from 'react';

/**
 * The selected tenant (shell §3 client-side state): set when a tenant route is entered, read by
 * later pages and the scope selector. Kept per browser tab in sessionStorage, so two tabs can
 * work in two organisations and a reload keeps it; logout clears it with the session storage.
 */
const KEY = 'app.selectedTenant';
const listeners = new Set<() => void>();

export function getSelectedTenant(storage: Storage = sessionStorage): string | null {
    return storage.getItem(KEY);
}

export function selectTenant(tenantId: string, storage: Storage = sessionStorage): void {
    if (storage.getItem(KEY) === tenantId) return;
    storage.setItem(KEY, tenantId);
    for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
}

/** The selected tenant's id; re-renders when another tenant is selected. */
export function useSelectedTenant(): string | null {
    return useSyncExternalStore(subscribe, () => getSelectedTenant());
}
