import { getBrowserConfig } from './config';

/**
 * The build id the server reports in `x-version-id` on every answer (shell §4). The update
 * banner subscribes here and compares it with the id this page was built with.
 */
type Listener = () => void;

let latestVersionId: string | undefined;
const listeners = new Set<Listener>();

export function setLatestVersionId(versionId: string): void {
    if (versionId === latestVersionId) return;
    latestVersionId = versionId;
    for (const listener of listeners) listener();
}

export function getLatestVersionId(): string | undefined {
    return latestVersionId;
}

export function subscribeToVersion(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
}

/** True once the server reports a build other than the one this page was loaded from. */
export function isNewVersionAvailable(
    loadedVersionId: string = getBrowserConfig().versionId,
): boolean {
    return latestVersionId !== undefined && latestVersionId !== loadedVersionId;
}

const DISMISSED_KEY = 'app.updateBanner.dismissedVersionId';

/** Remembers for this tab session (shell §2.1) that the banner for `versionId` was closed. */
export function dismissUpdate(versionId: string, storage: Storage = sessionStorage): void {
    storage.setItem(DISMISSED_KEY, versionId);
}

/**
 * The newer build to offer, or undefined: none seen yet, the same build as this page, or the
 * user closed the banner for it in this session (a later build shows it again).
 */
export function updateToOffer(
    loadedVersionId: string = getBrowserConfig().versionId,
    storage: Storage = sessionStorage,
): string | undefined {
    if (!isNewVersionAvailable(loadedVersionId)) return undefined;
    return storage.getItem(DISMISSED_KEY) === latestVersionId ? undefined : latestVersionId;
}
