import type { FetchedFile } from '../../dataProviders/backOfficeUsersDataProvider';

/** Saves a fetched file through an object URL and a temporary download link. */
export function saveFile({ blob, fileName }: FetchedFile): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Some browsers read the URL after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
