// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail } from '../../domain/contracts/mail-outbox';
import type { Language } from '../../domain/enums';
import { MailOutboxPage } from '../../src/customRoutes/mailOutbox/MailOutboxPage';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 13 point 14: admins of demo and development installations read the outbox in the
 * browser, newest first, and open a mail to copy its temporary password.
 */

const state = vi.hoisted(() => ({
    mailViewer: true as boolean,
    mails: [] as unknown[],
    requests: [] as string[],
}));
vi.mock('../../src/config', async (importOriginal) => {
    const actual = await importOriginal<typeof import('../../src/config')>();
    return {
        ...actual,
        getBrowserConfig: () => ({ ...actual.defaultBrowserConfig, mailViewer: state.mailViewer }),
    };
});
vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        state.requests.push(url);
        const json = { content: state.mails };
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    },
}));

const invitationText = [
    'An account was created for you in the Parcel back office.',
    '',
    'Username: nina.neu@example.com',
    'Temporary password: Tq7#pLm2xZ',
    '',
    'Sign in at http://127.0.0.1:8080/login within 7 days; you will then choose your own password.',
].join('\n');

const invitation: OutboxMail = {
    id: 'm2',
    to: 'nina.neu@example.com',
    subject: 'Your Parcel back office account',
    text: invitationText,
    kind: 'invitation',
    // 09:15 in Berlin (CET, UTC+1 before the end of March).
    createdAt: '2026-03-02T08:15:00Z',
    sentAt: '2026-03-02T08:15:05Z',
    status: 'logged',
    lastError: null,
};
const failedReset: OutboxMail = {
    id: 'm1',
    to: 'otto.alt@example.com',
    subject: 'Your Parcel back office password reset code',
    text: 'Your password reset code is 123456.',
    kind: 'password-reset-code',
    createdAt: '2026-03-01T17:40:00Z',
    sentAt: null,
    status: 'failed',
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
};

async function renderPage(language: Language) {
    const viewer = profileWithSettings({
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'DE',
    });
    const authProvider = authProviderOf(viewer);
    const Wrapper = i18nWrapper(await realI18nProvider(language), {} as DataProvider, {
        initialEntry: '/administration/mail-outbox',
        authProvider,
    });
    render(
        <Wrapper>
            <MailOutboxPage />
        </Wrapper>,
    );
}

/** The table's rows below its header, each as the texts of its cells. */
async function rowTexts(): Promise<string[][]> {
    const table = await screen.findByRole('table');
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );
}

const preformatted = (dialog: HTMLElement) => {
    const text = dialog.querySelector('pre');
    if (!text) throw new Error('no preformatted text in the dialog');
    return text;
};

beforeEach(() => {
    state.mailViewer = true;
    state.mails = [invitation, failedReset];
    state.requests.length = 0;
});
afterEach(cleanup);

describe('the mail outbox page', { timeout: 30_000 }, () => {
    it('English: lists the newest mails with their kind, status and times', async () => {
        await renderPage('en');
        await screen.findByRole('heading', { level: 1, name: 'Mail outbox' });
        await waitFor(async () =>
            expect(await rowTexts()).toEqual([
                [
                    '02.03.2026 09:15',
                    'nina.neu@example.comYour Parcel back office account02.03.2026 09:15',
                    'Your Parcel back office account',
                    'Account invitation',
                    'Not sent: no mail server configured',
                    '02.03.2026 09:15',
                    'Read',
                ],
                [
                    '01.03.2026 18:40',
                    'otto.alt@example.comYour Parcel back office password reset code01.03.2026 18:40',
                    'Your Parcel back office password reset code',
                    'Password reset code',
                    'Sending failed; will be retried' + 'connect ECONNREFUSED 127.0.0.1:25',
                    '-',
                    'Read',
                ],
            ]),
        );
        expect(state.requests).toEqual(['/api/v2/mail-outbox?limit=100']);
    });

    it('English: opens a mail from the keyboard and shows its whole text, selectable', async () => {
        await renderPage('en');
        const read = await screen.findByRole('button', {
            name: 'Read the e-mail “Your Parcel back office account” to nina.neu@example.com',
        });
        read.focus();
        await userEvent.keyboard('{Enter}');
        const dialog = await screen.findByRole('dialog', {
            name: 'Your Parcel back office account',
        });
        expect(within(dialog).getByRole('heading', { name: 'Message text' })).toBeTruthy();
        const text = preformatted(dialog);
        expect(text.textContent).toBe(invitationText);
        expect(text.textContent).toContain('Temporary password: Tq7#pLm2xZ');
        expect(within(dialog).getByText('Not sent: no mail server configured')).toBeTruthy();
        await userEvent.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('English: a failed mail shows its last error in the dialog; Refresh reads the outbox again', async () => {
        await renderPage('en');
        await userEvent.click(
            await screen.findByRole('button', {
                name: 'Read the e-mail “Your Parcel back office password reset code” to otto.alt@example.com',
            }),
        );
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Last error')).toBeTruthy();
        expect(within(dialog).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
        await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        state.mails = [];
        await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
        await screen.findByText('No e-mails yet.');
        expect(state.requests).toEqual([
            '/api/v2/mail-outbox?limit=100',
            '/api/v2/mail-outbox?limit=100',
        ]);
        expect(screen.queryByRole('table')).toBeNull();
    });

    it('German: columns, statuses, kinds and the dialog in German', async () => {
        await renderPage('de');
        await screen.findByRole('heading', { level: 1, name: 'Postausgang' });
        const table = await screen.findByRole('table', { name: 'Ausgehende E-Mails' });
        expect(
            within(table)
                .getAllByRole('columnheader')
                .map((cell) => cell.textContent),
        ).toEqual([
            'Angelegt am',
            'Empfänger',
            'Betreff',
            'Art',
            'Versandstatus',
            'Gesendet am',
            'Aktionen',
        ]);
        expect(within(table).getByText('Kontoeinladung')).toBeTruthy();
        expect(within(table).getByText('Code zum Zurücksetzen des Passworts')).toBeTruthy();
        expect(
            within(table).getByText('Nicht gesendet: kein Mailserver eingerichtet'),
        ).toBeTruthy();
        await userEvent.click(
            within(table).getByRole('button', {
                name: 'E-Mail „Your Parcel back office account“ an nina.neu@example.com lesen',
            }),
        );
        const dialog = await screen.findByRole('dialog', {
            name: 'Your Parcel back office account',
        });
        expect(within(dialog).getByRole('heading', { name: 'Nachrichtentext' })).toBeTruthy();
        expect(preformatted(dialog).textContent).toBe(invitationText);
        await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('English and German: an empty outbox says so', async () => {
        state.mails = [];
        await renderPage('en');
        await screen.findByText('No e-mails yet.');
        cleanup();
        await renderPage('de');
        await screen.findByText('Noch keine E-Mails.');
        expect(screen.queryByRole('table')).toBeNull();
    });

    it('is no page where the installation has no mail viewer (production)', async () => {
        state.mailViewer = false;
        await renderPage('en');
        await screen.findByRole('heading', { level: 1, name: 'Page not found' });
        expect(screen.queryByRole('heading', { name: 'Mail outbox' })).toBeNull();
        expect(state.requests).toEqual([]);
    });
});
