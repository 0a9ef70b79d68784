import type { ConfigurationOwner } from './configurationOwner';

/**
 * The current client configuration of `owner`, rendered from its JSON Schema with RJSF; saving
 * creates a revision. Placeholder until the configuration work lands.
 */
export function ClientConfigurationForm(_props: { owner: ConfigurationOwner; canEdit: boolean }) {
    return null;
}
