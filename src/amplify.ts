import { Amplify } from 'aws-amplify';
import type { BrowserConfig } from '../domain/contracts/browser-config';

/**
 * Points Amplify at the user pool of the configuration: the embedded Cognito-compatible
 * endpoint when one is given (Amplify needs an absolute URL), otherwise real Cognito.
 */
export function configureAmplify(
    config: BrowserConfig,
    origin: string = window.location.origin,
): void {
    const { userPoolId, userPoolClientId, userPoolEndpoint } = config.cognito;
    Amplify.configure({
        Auth: {
            Cognito: {
                userPoolId,
                userPoolClientId,
                ...(userPoolEndpoint
                    ? { userPoolEndpoint: new URL(userPoolEndpoint, origin).href }
                    : {}),
            },
        },
    });
}
