import { describe, expect, it } from 'vitest';
import {
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
    passwordErrorKey,
    passwordPolicyViolation,
} from '../../domain/passwordPolicy';
import { assertPasswordPolicy } from '../../server/identity/password-policy';

describe('password policy (shell spec §5), shared by the forms and the identity endpoint', () => {
    it('asks for a password first, then for the rule', () => {
        expect(passwordErrorKey('')).toBe('enterPassword');
        for (const weak of [
            'Abcdef1!',
            'ABCDEFGHI1!',
            'abcdefghi1!',
            'Abcdefghij!',
            'Abcdefghij1',
            `Aa1!${'x'.repeat(253)}`,
        ]) {
            expect(passwordErrorKey(weak), weak).toBe('passwordFormat');
        }
        expect(passwordErrorKey('Abcdefgh1!')).toBeUndefined();
    });

    it("counts characters, not UTF-16 units, for the minimum and caps at Cognito's 256", () => {
        expect(MIN_PASSWORD_LENGTH).toBe(10);
        expect(MAX_PASSWORD_LENGTH).toBe(256);
        expect(passwordPolicyViolation('Aa1!😀😀😀😀😀')).toBe('Password not long enough');
        expect(passwordPolicyViolation('Aa1!😀😀😀😀😀😀')).toBeUndefined();
        expect(passwordPolicyViolation(`Aa1!${'x'.repeat(252)}`)).toBeUndefined();
    });

    it("takes symbols from Cognito's list only, the space included", () => {
        expect(passwordPolicyViolation('Correct horse 9')).toBeUndefined();
        expect(passwordPolicyViolation('Abcdefghij1€')).toBe(
            'Password must have symbol characters',
        );
    });

    it('is what the endpoint refuses with InvalidPasswordException', () => {
        expect(() => assertPasswordPolicy('Abcdefgh1!')).not.toThrow();
        expect(() => assertPasswordPolicy('abcdefghi1!')).toThrow(
            expect.objectContaining({
                name: 'InvalidPasswordException',
                message:
                    'Password did not conform with policy: Password must have uppercase characters',
            }),
        );
    });
});
