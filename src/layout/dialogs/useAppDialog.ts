import { createContext, useContext } from 'react';
import type { AppDialogOptions } from './AppDialog';

export interface AppDialogApi {
    /** Shows the dialog (replacing one that is open). */
    open: (options: AppDialogOptions) => void;
    close: () => void;
}

export const AppDialogContext = createContext<AppDialogApi | null>(null);

/** The shell's global dialog (shell §2.1), from anywhere inside the layout. */
export function useAppDialog(): AppDialogApi {
    const api = useContext(AppDialogContext);
    if (!api) throw new Error('useAppDialog needs the AppDialogProvider of the layout');
    return api;
}
