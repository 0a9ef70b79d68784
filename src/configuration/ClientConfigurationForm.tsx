import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import type { ConfigRevision } from '../../domain/contracts/client-configs';
import type { AppDataProvider } from '../dataProviders';
import type { ConfigurationOwner } from './configurationOwner';
import { configQueryKeys, useConfigSchema } from './useConfigSchema';

const ConfigurationEditor = lazy(() =>
    import('./ConfigurationEditor').then((module) => ({ default: module.ConfigurationEditor })),
);

/**
 * The current client configuration of `owner`, rendered from its JSON Schema with RJSF; saving
 * creates a revision. Save is enabled once something changed (or nothing was saved yet); the
 * server's failing fields show on the fields; a stale save reloads the current revision.
 */
export function ClientConfigurationForm({
    owner,
    canEdit,
}: {
    owner: ConfigurationOwner;
    canEdit: boolean;
}) {
    const translate = useTranslate();
    const dataProvider = useDataProvider<AppDataProvider>();
    const keys = configQueryKeys(owner);
    const schema = useConfigSchema(owner);
    const current = useQuery<ConfigRevision>({
        queryKey: keys.current,
        queryFn: () => dataProvider.getClientConfig(owner),
    });
    if (schema.error || current.error)
        return <Alert severity="error">{translate('app.clientConfig.loadError')}</Alert>;
    if (!schema.data || !current.data) return <Loading />;
    return (
        <Suspense fallback={<Loading />}>
            <ConfigurationEditor
                key={current.data.revision}
                owner={owner}
                canEdit={canEdit}
                loaded={schema.data}
                revision={current.data}
            />
        </Suspense>
    );
}
