import { apiScopeEndpoints, apiScopes, TOKEN_PATH, type ApiScope } from '../../../domain/apiAccess';

/** Absolute URL of a service base (same-origin bases start with `/`). */
function absoluteBase(base: string, origin: string): string {
    return /^https?:\/\//.test(base)
        ? base.replace(/\/$/, '')
        : `${origin}${base.startsWith('/') ? '' : '/'}${base.replace(/\/$/, '')}`;
}

/** The data gateway's machine base: the browser's data gateway base without its `/backoffice` part. */
export function machineGatewayBase(dataGatewayBase: string, origin: string): string {
    return absoluteBase(dataGatewayBase, origin).replace(/\/backoffice$/, '');
}

export interface DeveloperPortalSamples {
    tokenUrl: string;
    tokenRequest: string;
    tokenAnswer: string;
    gatewayCalls: { scope: ApiScope; url: string; command: string }[];
}

/** The curl samples of the Developer Portal, with this installation's real URLs. */
export function developerPortalSamples(
    services: { apiAccess: string; dataGateway: string; tourCommander: string },
    origin: string,
    clientId = '<CLIENT_ID>',
    today = new Date().toISOString().slice(0, 10),
    tokenTtlSeconds = 3600,
): DeveloperPortalSamples {
    const tokenUrl = `${absoluteBase(services.apiAccess, origin)}${TOKEN_PATH}`;
    const bases = {
        dataGateway: machineGatewayBase(services.dataGateway, origin),
        tourCommander: absoluteBase(services.tourCommander, origin),
    };
    const tokenRequest = [
        `curl -X POST '${tokenUrl}' \\`,
        `  -u '${clientId}:<CLIENT_SECRET>' \\`,
        `  -H 'Content-Type: application/x-www-form-urlencoded' \\`,
        `  -d 'grant_type=client_credentials&scope=${apiScopes.join('%20')}'`,
    ].join('\n');
    const tokenAnswer = JSON.stringify(
        {
            access_token: 'eyJhbGciOiJSUzI1NiIs…',
            token_type: 'Bearer',
            expires_in: tokenTtlSeconds,
            scope: apiScopes.join(' '),
        },
        null,
        2,
    );
    const gatewayCalls = apiScopes.map((scope) => {
        const endpoint = apiScopeEndpoints[scope];
        const base = `${bases[endpoint.service]}${endpoint.path}`;
        if (endpoint.method === 'POST')
            return {
                scope,
                url: base,
                command: [
                    `curl -X POST '${base}' \\`,
                    `  -H 'Authorization: Bearer <ACCESS_TOKEN>' \\`,
                    `  -H 'Content-Type: application/json' \\`,
                    `  -d '${JSON.stringify(scope === 'jobs:write' ? jobImportSample(today) : eventSample(today))}'`,
                ].join('\n'),
            };
        const url = `${base}${scope === 'assignments:read' ? `?date=${today}&page=0&size=100` : '?page=0&size=100'}`;
        return {
            scope,
            url,
            command: [`curl '${url}' \\`, `  -H 'Authorization: Bearer <ACCESS_TOKEN>'`].join('\n'),
        };
    });
    return { tokenUrl, tokenRequest, tokenAnswer, gatewayCalls };
}

/** The smallest useful job import: one delivery on tour 1234 of depot 8547. */
function jobImportSample(today: string) {
    return {
        jobs: [
            {
                externalJobId: 'JOB-1',
                type: 'DELIVERY',
                address: {
                    street: 'Hauptstraße',
                    houseNo: '1',
                    postcode: '10115',
                    countryCode: 'DE',
                },
                parcels: [{ parcelNumber: '00340434161234567890' }],
                assignments: [{ externalDepotId: '8547', date: today, key: 'TOUR', value: '1234' }],
            },
        ],
    };
}

/** One position of a tour (its id as the tour commander gives it). */
function eventSample(today: string) {
    return {
        events: [
            {
                eventId: 'e-1',
                type: 'POSITION',
                occurredAt: `${today}T08:15:00Z`,
                tourId: '<TOUR_ID>',
                position: { latitude: 52.52, longitude: 13.405, speed: 8.3 },
            },
        ],
    };
}
