import { Show } from 'react-admin';
import { DepotDetails } from './DepotDetails';

/** A depot's core data, read-only; configurations and their history come with the configuration issue. */
export function DepotShow() {
    return (
        <Show>
            <DepotDetails />
        </Show>
    );
}
