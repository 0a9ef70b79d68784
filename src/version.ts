import { getBrowserConfig } from './config';

/**
 * The build id the server reports in `x-version-id` on every answer (shell §4). The update
 * banner of a later issue subscribes here and compares it with the id this page was built with.
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
export function isNewVersionAvailable(loadedVersionId: string = getBrowserConfig().versionId): boolean {
    return latestVersionId !== undefined && latestVersionId !== loadedVersionId;
}
