import type { Language } from '../../domain/enums';
import type {
    LocaleDocument,
    RoleSyncPreview,
    RoleSyncResult,
    RoleSyncSettings,
    TranslationStatus,
} from '../../domain/contracts/backoffice-actions';
import type { BrowserConfig } from '../../domain/contracts/browser-config';
import type { HttpClient } from './httpClient';

/** A file to save in the browser. */
export interface DownloadedFile {
    fileName: string;
    text: string;
}

/** Backoffice actions (admins only): role-sync export, preview and import; translation uploads (service: backOffice). */
export interface BackofficeActionMethods {
    getRoleSyncSettings(): Promise<RoleSyncSettings>;
    /** The signed file of every role, as text (saved unchanged so that its signature stays valid). */
    exportRoleSync(): Promise<DownloadedFile>;
    previewRoleSync(file: unknown): Promise<RoleSyncPreview>;
    /** Applies the file; `checksum` of the preview makes the server refuse it when the plan changed since. */
    importRoleSync(file: unknown, checksum: string): Promise<RoleSyncResult>;
    getTranslationStatuses(): Promise<TranslationStatus[]>;
    downloadTranslation(language: Language): Promise<DownloadedFile>;
    uploadTranslation(language: Language, file: LocaleDocument): Promise<TranslationStatus>;
    resetTranslation(language: Language): Promise<TranslationStatus>;
}

/** The file name of a `content-disposition` header's `filename="..."`. */
const fileNameOf = (disposition: string | null, fallback: string) =>
    /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

export function createBackofficeActionMethods(
    services: BrowserConfig['services'],
    httpClient: HttpClient,
): BackofficeActionMethods {
    const base = `${services.backOffice}/backoffice-actions`;
    const json = async <T>(url: string, options?: RequestInit) =>
        (await httpClient(url, options)).json as T;
    const download = async (url: string, fallback: string): Promise<DownloadedFile> => {
        const response = await httpClient(url);
        return {
            fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
            text: response.body,
        };
    };
    return {
        getRoleSyncSettings: () => json(`${base}/roles/sync-settings`),
        exportRoleSync: () => download(`${base}/roles/export`, 'roles.json'),
        previewRoleSync: (file) =>
            json(`${base}/roles/import/preview`, { method: 'POST', body: JSON.stringify(file) }),
        importRoleSync: (file, checksum) =>
            json(`${base}/roles/import?checksum=${encodeURIComponent(checksum)}`, {
                method: 'POST',
                body: JSON.stringify(file),
            }),
        getTranslationStatuses: () => json(`${base}/translations`),
        downloadTranslation: (language) =>
            download(`${base}/translations/${language}`, `${language}.json`),
        uploadTranslation: (language, file) =>
            json(`${base}/translations/${language}`, { method: 'PUT', body: JSON.stringify(file) }),
        resetTranslation: (language) =>
            json(`${base}/translations/${language}`, { method: 'DELETE' }),
    };
}
