import { useCallback, useState } from 'react';
import { mustRestartSignIn, signInErrorKey } from './signInErrors';

/**
 * Runs a form's call to the identity service: a pending flag and the text key of its error.
 * An error after which the sign-in must start over goes to `onRestart` instead.
 */
export function useIdentityCall(onRestart?: (errorKey: string) => void) {
    const [pending, setPending] = useState(false);
    const [errorKey, setErrorKey] = useState<string | null>(null);
    const run = useCallback(
        async (call: () => Promise<void>): Promise<boolean> => {
            setPending(true);
            setErrorKey(null);
            try {
                await call();
                return true;
            } catch (error) {
                const key = signInErrorKey(error);
                if (onRestart && mustRestartSignIn(key)) onRestart(key);
                else setErrorKey(key);
                return false;
            } finally {
                setPending(false);
            }
        },
        [onRestart],
    );
    return { pending, errorKey, run };
}
