/** The configuration the server writes into the page for the browser app (`#app-config`). */
import { Type, type Static } from 'typebox';

export const BrowserConfig = Type.Object({
    versionId: Type.String(),
    cognito: Type.Object({
        userPoolId: Type.String(),
        userPoolClientId: Type.String(),
        userPoolEndpoint: Type.Optional(Type.String()),
    }),
    services: Type.Object({
        backOffice: Type.String(),
        tenantAdmin: Type.String(),
        dataGateway: Type.String(),
        deviceManagement: Type.String(),
        tourCommander: Type.String(),
        apiAccess: Type.String(),
    }),
    helpCenterUrl: Type.Optional(
        Type.String({
            description:
                'Help center address with `{lang}` for en, de or it (shell §2.1); absent: no help link',
        }),
    ),
    routePlannerUrl: Type.Optional(
        Type.String({
            description:
                'The external route planner linked from the depot navigation (shell §2.7); absent: no link',
        }),
    ),
    addressLookup: Type.Optional(
        Type.Boolean({
            description:
                'Whether a depot without coordinates is geocoded from its address (GEOCODER_URL is set); absent: no, coordinates are required',
        }),
    ),
    mailViewer: Type.Optional(
        Type.Boolean({
            description:
                'Whether admins may read the mail outbox in the browser (demo and development installations: NODE_ENV is not production); absent: no',
        }),
    ),
    mapTileUrl: Type.Optional(
        Type.String({
            description:
                'Map tiles, a Leaflet URL template (`{z}/{x}/{y}`, optionally `{s}`); absent: maps draw on a plain background',
        }),
    ),
    mapAttribution: Type.Optional(
        Type.String({ description: 'The attribution the tile provider requires (HTML)' }),
    ),
    environment: Type.Optional(
        Type.String({
            description:
                "This installation's environment name (schema assets are served per environment); absent: `local`",
        }),
    ),
    apiTokenTtlSeconds: Type.Optional(
        Type.Integer({
            description: 'Lifetime of machine-client tokens (Developer Portal); absent: 3600',
        }),
    ),
});
export type BrowserConfig = Static<typeof BrowserConfig>;

/** A back-end service the browser calls, by its key in `BrowserConfig.services`. */
export type ServiceName = keyof BrowserConfig['services'];
