/**
 * Whose client configuration a form or history shows: an organisation's (tenant client
 * configuration), a depot's, or the tour commander's configuration of an organisation.
 * `tenantId` is the organisation (the schema asset's client) in every case.
 */
export type ConfigurationOwner =
    | { kind: 'tenant'; tenantId: string }
    | { kind: 'depot'; tenantId: string; internalDepotId: string }
    | { kind: 'tourCommander'; tenantId: string };
