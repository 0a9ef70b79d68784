import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProviders';
import { schemaNameOf } from '../dataProviders/clientConfigsDataProvider';
import type { ConfigurationOwner } from './configurationOwner';

export interface LoadedConfigSchema {
    schema: RJSFSchema;
    validator: ValidatorType;
}

/**
 * The owner's configuration schema asset and its precompiled validator (the page's CSP forbids
 * eval, so ajv cannot compile in the browser; the server serves the compiled functions).
 */
export function useConfigSchema(owner: ConfigurationOwner) {
    const dataProvider = useDataProvider<AppDataProvider>();
    return useQuery<LoadedConfigSchema>({
        queryKey: ['configSchema', owner.tenantId, schemaNameOf(owner)],
        queryFn: async () => {
            const [{ schema, validateFns }, { default: createPrecompiledValidator }] =
                await Promise.all([
                    dataProvider.getConfigSchema(owner),
                    import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
                ]);
            return {
                schema: schema as RJSFSchema,
                validator: createPrecompiledValidator(validateFns, schema as RJSFSchema),
            };
        },
        staleTime: 5 * 60_000,
    });
}

/** Query keys of an owner's current revision and history (refreshed together after a write). */
export const configQueryKeys = (owner: ConfigurationOwner) => ({
    current: [
        'clientConfig',
        owner.kind,
        owner.tenantId,
        owner.kind === 'depot' ? owner.internalDepotId : '',
    ] as const,
    history: [
        'clientConfigHistory',
        owner.kind,
        owner.tenantId,
        owner.kind === 'depot' ? owner.internalDepotId : '',
    ] as const,
});
