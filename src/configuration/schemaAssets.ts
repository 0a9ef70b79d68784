import { CONFIG_SCHEMA_VERSION } from '../../domain/clientConfigs';
import { getBrowserConfig } from '../config';

/**
 * The environment and schema version of the schema assets. The browser configuration does not
 * carry the server's environment yet; until it does, `local` (the server's default) is assumed.
 */
export function schemaAssetOptions(): { environment: string; version: string } {
    const config = getBrowserConfig() as ReturnType<typeof getBrowserConfig> & {
        environment?: string;
    };
    return { environment: config.environment ?? 'local', version: CONFIG_SCHEMA_VERSION };
}
