import { passwordPolicyViolation } from '../../domain/passwordPolicy.js';
import { CognitoError } from './cognito-error.js';

/** The rule itself is shared with the browser's forms (domain/passwordPolicy.ts, shell spec §5). */
export { passwordPolicyViolation } from '../../domain/passwordPolicy.js';

/** Throws InvalidPasswordException (Cognito's message) unless the password conforms. */
export function assertPasswordPolicy(password: string): void {
    const violation = passwordPolicyViolation(password);
    if (violation)
        throw new CognitoError(
            'InvalidPasswordException',
            `Password did not conform with policy: ${violation}`,
        );
}
