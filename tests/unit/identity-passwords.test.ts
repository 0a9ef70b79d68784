import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation } from '../../server/identity/password-policy.js';
import { generateTemporaryPassword } from '../../server/identity/temporary-password.js';

describe('password policy (shell spec §5, Cognito messages)', () => {
    it.each([
        ['Abcdefgh1!', undefined],
        ['Correct horse 9', undefined],
        ['Abcdef1!', 'Password not long enough'],
        ['ABCDEFGHI1!', 'Password must have lowercase characters'],
        ['abcdefghi1!', 'Password must have uppercase characters'],
        ['Abcdefghij!', 'Password must have numeric characters'],
        ['Abcdefghij1', 'Password must have symbol characters'],
        ['Abcdefghij1€', 'Password must have symbol characters'],
        [`Aa1!${'x'.repeat(253)}`, 'Password too long'],
    ])('%s → %s', (password, violation) => {
        expect(passwordPolicyViolation(password)).toBe(violation);
    });
});

describe('temporary passwords', () => {
    it('are 16 random characters that meet the policy', () => {
        const passwords = Array.from({ length: 200 }, generateTemporaryPassword);
        expect(new Set(passwords).size).toBe(200);
        for (const password of passwords) {
            expect(password).toHaveLength(16);
            expect(passwordPolicyViolation(password)).toBeUndefined();
        }
    });
});
