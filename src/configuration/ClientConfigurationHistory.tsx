import type { ConfigurationOwner } from './configurationOwner';

/**
 * The revisions of `owner`'s client configuration: who changed what and when, a diff between
 * any two, and restore (confirmed, creates a new revision). Placeholder until the configuration work lands.
 */
export function ClientConfigurationHistory(_props: { owner: ConfigurationOwner; canEdit: boolean }) {
    return null;
}
