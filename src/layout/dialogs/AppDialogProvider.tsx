import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { AppDialog, type AppDialogOptions } from './AppDialog';
import { AppDialogContext } from './useAppDialog';

/** Holds the one global dialog of the shell; its options stay while the closing transition runs. */
export function AppDialogProvider({ children }: { children: ReactNode }) {
    const [state, setState] = useState<{ options: AppDialogOptions; open: boolean } | null>(null);
    const shown = useRef<AppDialogOptions | null>(null);
    const open = useCallback((options: AppDialogOptions) => {
        shown.current = options;
        setState({ options, open: true });
    }, []);
    const close = useCallback(() => {
        const options = shown.current;
        if (!options) return;
        shown.current = null;
        setState({ options, open: false });
        options.onClose?.();
    }, []);
    const api = useMemo(() => ({ open, close }), [open, close]);
    return (
        <AppDialogContext.Provider value={api}>
            {children}
            {state && <AppDialog {...state.options} open={state.open} onRequestClose={close} />}
        </AppDialogContext.Provider>
    );
}
