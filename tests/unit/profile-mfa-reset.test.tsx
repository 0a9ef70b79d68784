// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../domain/contracts/profile';
import type { Language } from '../../domain/enums';
import { ApiError } from '../../src/dataProviders/apiError';
import { UserProfileActions } from '../../src/customRoutes/profile/UserProfileActions';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { D1, depotManagerD1, nobody, profile } from './permission-fixtures';
import { profileWithSettings } from './profile-fixtures';

/**
 * Issue 13 point 13: another user's profile offers "Reset two-step sign-in" to viewers who may
 * edit that user; it asks first, calls the reset route, and says what happened.
 */

// Anna Schmidt, a depot user at D1 (the viewer is Ada Lovelace, u1).
const anna: UserProfile = {
    ...profileWithSettings(null),
    id: 'u2',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Schmidt',
    initials: 'AS',
    permissions: [
        {
            id: 'p1',
            role: { id: 'r1', name: 'Standard (Depot)', actions: ['r:tour'], context: 'DEPOT' },
            scope: 'DISTRIBUTION_CENTER',
            path: D1,
            scopeDetails: { name: 'Depot One' },
        },
    ],
};

async function renderActions(
    language: Language,
    viewerActions: UserProfile['actions'],
    resetUserMfa: (hashId: string) => Promise<void>,
) {
    const viewer = { ...profileWithSettings(null), actions: viewerActions };
    const dataProvider = { resetUserMfa } as unknown as DataProvider;
    const Wrapper = i18nWrapper(await realI18nProvider(language), dataProvider);
    render(
        <Wrapper>
            <UserProfileActions viewer={viewer} user={anna} onSaved={() => undefined} />
        </Wrapper>,
    );
}

afterEach(cleanup);

describe('resetting another user’s two-step sign-in', { timeout: 30_000 }, () => {
    it('English: asks, resets and says so', async () => {
        const resetUserMfa = vi.fn(async () => undefined);
        await renderActions('en', depotManagerD1, resetUserMfa);
        await userEvent.click(
            await screen.findByRole('button', { name: 'Reset two-step sign-in' }),
        );
        const dialog = await screen.findByRole('alertdialog');
        expect(
            within(dialog).getByText('Reset the two-step sign-in of Anna Schmidt?'),
        ).toBeTruthy();
        expect(resetUserMfa).not.toHaveBeenCalled();
        await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
        expect(await screen.findByText('Two-step sign-in of Anna Schmidt reset.')).toBeTruthy();
        expect(resetUserMfa).toHaveBeenCalledWith('u2');
    });

    it('German: the action, question and notice in German', async () => {
        const resetUserMfa = vi.fn(async () => undefined);
        await renderActions('de', depotManagerD1, resetUserMfa);
        await userEvent.click(
            await screen.findByRole('button', { name: 'Zwei-Schritt-Anmeldung zurücksetzen' }),
        );
        const dialog = await screen.findByRole('alertdialog');
        expect(
            within(dialog).getByText('Zwei-Schritt-Anmeldung von Anna Schmidt zurücksetzen?'),
        ).toBeTruthy();
        await userEvent.click(within(dialog).getByRole('button', { name: 'Zurücksetzen' }));
        expect(
            await screen.findByText('Zwei-Schritt-Anmeldung von Anna Schmidt zurückgesetzt.'),
        ).toBeTruthy();
        expect(resetUserMfa).toHaveBeenCalledWith('u2');
    });

    it('German: a refusal shows the server’s reason under a translated title', async () => {
        const resetUserMfa = vi.fn(async () => undefined);
        await renderActions('de', depotManagerD1, resetUserMfa);
        resetUserMfa.mockRejectedValueOnce(
            new ApiError(
                'The sign-in of user u2 was not found.',
                404,
                {
                    code: 'NOT_FOUND',
                    message: 'The sign-in of user u2 was not found.',
                    details: [],
                },
                'POST',
            ),
        );
        await userEvent.click(
            await screen.findByRole('button', { name: 'Zwei-Schritt-Anmeldung zurücksetzen' }),
        );
        await userEvent.click(
            within(await screen.findByRole('alertdialog')).getByRole('button', {
                name: 'Zurücksetzen',
            }),
        );
        const alert = await screen.findByRole('alertdialog', {
            name: 'Die Zwei-Schritt-Anmeldung konnte nicht zurückgesetzt werden.',
        });
        expect(within(alert).getByText('The sign-in of user u2 was not found.')).toBeTruthy();
    });

    it('is not offered to viewers who may not edit the user', async () => {
        const resetUserMfa = vi.fn(async () => undefined);
        // Reads users at D1 without u:bo-user; and nothing at all.
        for (const actions of [profile([['DEPOT'], ['r:bo-user'], D1]), nobody]) {
            await renderActions('en', actions, resetUserMfa);
            expect(screen.queryByRole('button', { name: 'Reset two-step sign-in' })).toBeNull();
            cleanup();
        }
    });
});
