import type { BrowserConfig } from '../../domain/contracts/browser-config';
import type { ConfigSchemaName } from '../../domain/clientConfigs';
import type { ConfigRevision, ConfigSaveBody } from '../../domain/contracts/client-configs';
import type { MfaRequirement, MfaRequirementBody } from '../../domain/contracts/mfa-requirement';
import type { ConfigurationOwner } from '../configuration/configurationOwner';
import { schemaAssetOptions } from '../configuration/schemaAssets';
import type { HttpClient } from './httpClient';

/** A schema asset and its precompiled validator functions (RJSF's `ValidatorFunctions`). */
interface ConfigSchemaAsset {
    schema: Record<string, unknown>;
    validateFns: Record<string, (data: unknown) => boolean>;
}

/** Client configurations of organisations, depots and the tour commander: current document, save, history, restore, schema assets. */
export interface ClientConfigMethods {
    getClientConfig(owner: ConfigurationOwner): Promise<ConfigRevision>;
    /** Answers the current revision (a new one, or the same when nothing changed). */
    saveClientConfig(owner: ConfigurationOwner, body: ConfigSaveBody): Promise<ConfigRevision>;
    /** Every revision, newest first. */
    getClientConfigHistory(owner: ConfigurationOwner): Promise<ConfigRevision[]>;
    restoreClientConfig(
        owner: ConfigurationOwner,
        revision: number,
        baseRevision: number,
    ): Promise<ConfigRevision>;
    /** The owner's schema (`/assets/schemas/<client>/<environment>/<version>/<name>.json?ts=`) and its validator module. */
    getConfigSchema(owner: ConfigurationOwner): Promise<ConfigSchemaAsset>;
    /** Whether the organisation requires MFA of its back-office users (organisation admins and admins). */
    getMfaRequirement(tenantId: string): Promise<MfaRequirement>;
    setMfaRequirement(tenantId: string, body: MfaRequirementBody): Promise<MfaRequirement>;
}

/** Which schema file an owner's document follows. */
export const schemaNameOf = (owner: ConfigurationOwner): ConfigSchemaName =>
    owner.kind === 'tourCommander' ? 'tour-commander' : owner.kind;

/** The service base and paths of an owner's configuration calls. */
function configPaths(
    services: BrowserConfig['services'],
    owner: ConfigurationOwner,
): { current: string; history: string } {
    switch (owner.kind) {
        case 'tenant': {
            const base = `${services.tenantAdmin}/tenants/${encodeURIComponent(owner.tenantId)}`;
            return { current: `${base}/clientConfigs`, history: `${base}/clientConfigsHistory` };
        }
        case 'depot': {
            const base = `${services.tenantAdmin}/depots/${encodeURIComponent(owner.internalDepotId)}`;
            return { current: `${base}/clientConfigs`, history: `${base}/clientConfigsHistory` };
        }
        case 'tourCommander': {
            const base = `${services.tourCommander}/tenants/${encodeURIComponent(owner.tenantId)}`;
            return { current: `${base}/config`, history: `${base}/configHistory` };
        }
    }
}

export interface SchemaAssetOptions {
    environment: string;
    version: string;
    /** Loads the validator ES module (a dynamic import in the browser). */
    importModule?: (
        url: string,
    ) => Promise<{ default: Record<string, (data: unknown) => boolean> }>;
    now?: () => number;
}

export function createClientConfigMethods(
    services: BrowserConfig['services'],
    httpClient: HttpClient,
    assets?: SchemaAssetOptions,
): ClientConfigMethods {
    const json = async <T>(url: string, init?: RequestInit) =>
        (await httpClient(url, init)).json as T;
    const post = <T>(url: string, body: unknown) =>
        json<T>(url, { method: 'POST', body: JSON.stringify(body) });
    const mfaRequirementUrl = (tenantId: string) =>
        `${services.tenantAdmin}/tenants/${encodeURIComponent(tenantId)}/mfaRequirement`;
    return {
        getMfaRequirement: (tenantId) => json<MfaRequirement>(mfaRequirementUrl(tenantId)),
        setMfaRequirement: (tenantId, body) =>
            json<MfaRequirement>(mfaRequirementUrl(tenantId), {
                method: 'PUT',
                body: JSON.stringify(body),
            }),
        getClientConfig: (owner) => json<ConfigRevision>(configPaths(services, owner).current),
        saveClientConfig: (owner, body) =>
            post<ConfigRevision>(configPaths(services, owner).current, body),
        getClientConfigHistory: (owner) =>
            json<ConfigRevision[]>(configPaths(services, owner).history),
        restoreClientConfig: (owner, revision, baseRevision) =>
            post<ConfigRevision>(`${configPaths(services, owner).history}/${revision}/restore`, {
                baseRevision,
            }),
        async getConfigSchema(owner) {
            const {
                environment,
                version,
                importModule = (url: string) =>
                    import(/* @vite-ignore */ url) as Promise<{
                        default: Record<string, (data: unknown) => boolean>;
                    }>,
                now = Date.now,
            } = (assets ?? schemaAssetOptions()) as SchemaAssetOptions;
            const base = `/assets/schemas/${encodeURIComponent(owner.tenantId)}/${encodeURIComponent(environment)}/${version}/${schemaNameOf(owner)}`;
            const ts = now();
            // Public assets: fetched without the bearer token; the timestamp busts caches (shell §7).
            const [response, module] = await Promise.all([
                fetch(`${base}.json?ts=${ts}`, { headers: { Accept: 'application/json' } }),
                importModule(`${base}.validator.js?ts=${ts}`),
            ]);
            if (!response.ok) throw new Error(`schema ${base}.json: HTTP ${response.status}`);
            return {
                schema: (await response.json()) as Record<string, unknown>,
                validateFns: module.default,
            };
        },
    };
}
