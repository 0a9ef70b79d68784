import { useRef, type ReactElement } from 'react';
import { HttpError } from 'react-admin';
import type { ErrorDetail } from '../../../domain/contracts/common';
import type { DownloadedFile } from '../../dataProviders/backofficeActionsDataProvider';
import { saveFile } from '../../resources/backoffice/saveFile';

/** Files larger than this are not read (the server's limits are 8 MB for roles, 2 MB for texts). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** A chosen file parsed as JSON, or why it could not be. */
export type ReadJson = { ok: true; name: string; value: unknown } | { ok: false; name: string };

export async function readJsonFile(file: File): Promise<ReadJson> {
    if (file.size > MAX_FILE_BYTES) return { ok: false, name: file.name };
    try {
        return { ok: true, name: file.name, value: JSON.parse(await file.text()) as unknown };
    } catch {
        return { ok: false, name: file.name };
    }
}

/** Saves a downloaded text file unchanged (a role file's signature covers its content). */
export const saveTextFile = ({ fileName, text }: DownloadedFile) =>
    saveFile({ fileName, blob: new Blob([text], { type: 'application/json' }) });

/** The server's error envelope carried by a failed call, if any. */
export function errorEnvelopeOf(error: unknown): { code?: string; details: ErrorDetail[] } {
    if (!(error instanceof HttpError)) return { details: [] };
    const body = error.body as { code?: unknown; details?: unknown } | undefined;
    return {
        code: typeof body?.code === 'string' ? body.code : undefined,
        details: Array.isArray(body?.details) ? (body.details as ErrorDetail[]) : [],
    };
}

/**
 * A hidden file input opened by a visible button (`choose`), so the button keeps its keyboard
 * behaviour and accessible name; the input is reset after each choice so the same file can be
 * chosen again.
 */
export function useJsonFileChooser(onChosen: (file: File) => void): {
    choose: () => void;
    input: ReactElement;
} {
    const ref = useRef<HTMLInputElement>(null);
    const input = (
        <input
            ref={ref}
            type="file"
            accept="application/json,.json"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onChosen(file);
            }}
        />
    );
    return { choose: () => ref.current?.click(), input };
}
