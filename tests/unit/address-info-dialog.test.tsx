// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
    addressInfoCsvColumns,
    addressInfoRules,
    coordinateTypes,
} from '../../domain/addressDeliveryInfo';
import type { AddressDeliveryInfo } from '../../domain/contracts/address-delivery-info';
import type { Language } from '../../domain/enums';
import { ApiError } from '../../src/dataProviders/apiError';
import { AddressInfoUploadButton } from '../../src/customRoutes/liveStatus/addressInfo/AddressInfoUploadButton';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { flattenMessages, localeFile } from './locale-files';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * The live status page's address delivery information dialog (docs/address-delivery-information.md):
 * a file's preview, the server's per-row refusal translated by reason (English and German), the
 * success summary, the entries with a confirmed delete, and who sees what.
 */

const DEPOT = 'nordpaket.DE.g1.d1';
const HEADER = addressInfoCsvColumns.join(',');

interface Call {
    url: string;
    method: string;
    body?: string;
}
const state = vi.hoisted(() => ({
    calls: [] as Call[],
    upload: undefined as undefined | (() => unknown),
    entries: [] as unknown[],
}));
vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string, options: RequestInit = {}) => {
        const method = (options.method ?? 'GET').toUpperCase();
        state.calls.push({
            url,
            method,
            body: typeof options.body === 'string' ? options.body : undefined,
        });
        let json: unknown = undefined;
        const headers = new Headers();
        if (method === 'POST') json = state.upload?.();
        else if (method === 'GET') {
            json = state.entries;
            headers.set(
                'content-range',
                `address-delivery-infos 0-${state.entries.length - 1}/${state.entries.length}`,
            );
        } else if (method === 'DELETE') json = state.entries[0];
        return { status: 200, headers, body: JSON.stringify(json ?? null), json };
    },
}));

const entry = (overrides: Partial<AddressDeliveryInfo> = {}): AddressDeliveryInfo => ({
    id: 'e1',
    depotId: 'd1',
    street: 'Hauptstraße',
    houseNo: '5',
    postcode: '20095',
    locality: 'Hamburg',
    countryCode: 'DE',
    addressKey: 'DE|20095|hauptstrasse|5',
    latitude: 53.5511,
    longitude: 9.9937,
    coordinateType: 'ROOFTOP',
    deliveryNote: 'Rear door',
    accessCode: '4711',
    safePlace: null,
    openingHours: null,
    createdAt: '2026-11-01T08:00:00Z',
    updatedAt: '2026-11-01T08:00:00Z',
    ...overrides,
});

/** The 400 the server answers for a file with bad rows (details as server/…/address-delivery-info-writes.ts gives them). */
const refusal = () =>
    new ApiError(
        '3 row(s) of the file are invalid; nothing was imported.',
        400,
        {
            code: 'ADDRESS_INFO_UPLOAD_INVALID',
            message: '3 row(s) of the file are invalid; nothing was imported.',
            details: [
                {
                    field: 'row 3',
                    message: 'zipCode is required',
                    rule: 'required',
                    params: { column: 'zipCode' },
                },
                {
                    field: 'row 4',
                    message: 'street repeats the address of row 2',
                    rule: 'duplicateInFile',
                    params: { column: 'street', first: 2 },
                },
                {
                    field: 'row 5',
                    message: 'deliveryNote is longer than 200 characters',
                    rule: 'tooLong',
                    params: { column: 'deliveryNote', max: 200 },
                },
                { field: 'row 6', message: 'A reason of a newer server', rule: 'somethingNew' },
            ],
        },
        'POST',
    );

async function renderButton(
    language: Language,
    actions: string[] = ['r:tour', 'r:address-location-correction'],
) {
    const viewer = profileWithSettings(null);
    viewer.actions = { ADMIN: [], TENANT: {}, DEPOT: { [DEPOT]: actions }, SUBCONTRACTOR: {} };
    const Wrapper = i18nWrapper(await realI18nProvider(language), {} as DataProvider, {
        authProvider: authProviderOf(viewer),
    });
    return render(
        <Wrapper>
            <AddressInfoUploadButton depotPath={DEPOT} />
        </Wrapper>,
    );
}

async function chooseFile(text: string) {
    const input = screen.getByTestId('address-info-file');
    await userEvent.upload(input, new File([text], 'delivery.csv', { type: 'text/csv' }));
}

/** The cells of a table's body rows. */
const bodyRows = (table: HTMLElement) =>
    within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );

/** axe's serious and critical WCAG A/AA findings (jsdom: no layout, so no contrast checks). */
async function seriousViolations() {
    const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
            (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
        );
}

const goodFile = `${HEADER}\r\nHauptstraße,5,20095,Hamburg,DE,53.5511,9.9937,ROOFTOP,Rear door,4711,,\r\nAm Kai,,20457,,DE,,,,,,Garage,\r\n`;

beforeEach(() => {
    mockScreenWidth(1280);
    state.calls.length = 0;
    state.upload = undefined;
    state.entries = [];
});
afterEach(cleanup);

describe('the address information dialog', { timeout: 30_000 }, () => {
    it('has an English text for every rule, column and coordinate type of the shared rules', () => {
        const english = flattenMessages(localeFile('en'));
        for (const rule of addressInfoRules)
            expect(english.get(`app.addressInfo.rules.${rule}`), rule).toBeTruthy();
        for (const column of addressInfoCsvColumns)
            expect(english.get(`app.addressInfo.columns.${column}`), column).toBeTruthy();
        for (const type of coordinateTypes)
            expect(english.get(`app.addressInfo.coordinateTypes.${type}`), type).toBeTruthy();
    });

    it('English: opens from the keyboard, previews a valid file and lists the server refusal per row, translated', async () => {
        state.upload = () => {
            throw refusal();
        };
        await renderButton('en');
        const open = await screen.findByRole('button', { name: 'Address information' });
        open.focus();
        await userEvent.keyboard('{Enter}');
        const dialog = await screen.findByRole('dialog', {
            name: 'Delivery information by address',
        });
        expect(
            within(dialog)
                .getAllByRole('tab')
                .map((tab) => tab.textContent),
        ).toEqual(['Upload a file', 'Current entries']);
        const template = within(dialog).getByRole('link', { name: 'Download the template' });
        expect(decodeURIComponent(template.getAttribute('href') ?? '')).toBe(
            `data:text/csv;charset=utf-8,${HEADER}\r\n`,
        );

        await chooseFile(goodFile);
        expect(
            await within(dialog).findByText('2 rows: 2 without problems, 0 with problems.'),
        ).toBeTruthy();
        const preview = within(dialog).getByRole('table', { name: 'First rows of the file' });
        expect(bodyRows(preview)).toEqual([
            [
                '2',
                'Hauptstraße 5, 20095 Hamburg, DE',
                'Delivery position (Rooftop): 53.5511, 9.9937Note for the driver: Rear doorAccess code: 4711',
            ],
            ['3', 'Am Kai, 20457, DE', 'Safe place: Garage'],
        ]);

        await userEvent.click(within(dialog).getByRole('button', { name: 'Import file' }));
        const problems = await within(dialog).findByRole('table', { name: 'Problems by row' });
        expect(
            within(dialog).getByText('Nothing was imported. Rows with problems: 4.'),
        ).toBeTruthy();
        expect(
            within(problems)
                .getAllByRole('columnheader')
                .map((cell) => cell.textContent),
        ).toEqual(['Row', 'Column', 'Reason']);
        expect(bodyRows(problems)).toEqual([
            ['3', 'Postal codezipCode', 'This cell must not be empty'],
            ['4', 'Streetstreet', 'The same address is already in row 2'],
            ['5', 'Note for the driverdeliveryNote', 'Longer than 200 characters'],
            ['6', '', 'A reason of a newer server'],
        ]);
        expect(state.calls.find((call) => call.method === 'POST')).toEqual({
            url: `/tour-commander/v1/address-delivery-infos/upload?path=${encodeURIComponent(DEPOT)}`,
            method: 'POST',
            body: goodFile,
        });
        expect(await seriousViolations()).toEqual([]);
    });

    it('German: the same refusal in German', async () => {
        state.upload = () => {
            throw refusal();
        };
        await renderButton('de');
        await userEvent.click(await screen.findByRole('button', { name: 'Adressinformationen' }));
        const dialog = await screen.findByRole('dialog', {
            name: 'Zustellinformationen je Adresse',
        });
        await chooseFile(goodFile);
        await userEvent.click(
            await within(dialog).findByRole('button', { name: 'Datei importieren' }),
        );
        const problems = await within(dialog).findByRole('table', { name: 'Probleme je Zeile' });
        expect(
            within(problems)
                .getAllByRole('columnheader')
                .map((cell) => cell.textContent),
        ).toEqual(['Zeile', 'Spalte', 'Grund']);
        expect(bodyRows(problems)).toEqual([
            ['3', 'PostleitzahlzipCode', 'Diese Zelle darf nicht leer sein'],
            ['4', 'Straßestreet', 'Dieselbe Adresse steht bereits in Zeile 2'],
            ['5', 'Hinweis für den FahrerdeliveryNote', 'Länger als 200 Zeichen'],
            ['6', '', 'A reason of a newer server'],
        ]);
        expect(
            within(dialog).getByText('Es wurde nichts importiert. Zeilen mit Problemen: 4.'),
        ).toBeTruthy();
    });

    it('finds bad rows before sending: lists them and keeps Import disabled', async () => {
        await renderButton('en');
        await userEvent.click(await screen.findByRole('button', { name: 'Address information' }));
        const dialog = await screen.findByRole('dialog');
        await chooseFile(`${HEADER}\nWeg,1,1,,de,,,,n,,,\nWeg,1,1,,DE,91,8,STREET,,,,\n`);
        const problems = await within(dialog).findByRole('table', { name: 'Problems by row' });
        expect(bodyRows(problems)).toEqual([
            ['2', 'Countrycountry', 'Use a two-letter country code in capitals, e.g. DE'],
            ['3', 'Delivery latitudelatitude', 'The latitude must lie between -90 and 90'],
        ]);
        expect(
            within(dialog).getByText('2 rows: 0 without problems, 2 with problems.'),
        ).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Import file' })).toHaveProperty(
            'disabled',
            true,
        );
        await chooseFile('street,zipCode\nWeg,1\n');
        expect(
            await within(dialog).findByText('This file cannot be imported as it is.'),
        ).toBeTruthy();
        expect(bodyRows(within(dialog).getByRole('table', { name: 'Problems by row' }))).toEqual([
            ['1', '', 'The header row must be exactly the columns shown above, in this order'],
        ]);
        expect(state.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('reports the created and replaced entries, shows them and deletes one after confirming', async () => {
        state.upload = () => ({ created: 2, updated: 1 });
        await renderButton('en');
        await userEvent.click(await screen.findByRole('button', { name: 'Address information' }));
        const dialog = await screen.findByRole('dialog', {
            name: 'Delivery information by address',
        });
        await chooseFile(goodFile);
        state.entries = [entry()];
        await userEvent.click(await within(dialog).findByRole('button', { name: 'Import file' }));
        expect(
            await within(dialog).findByText('Import complete: 2 new entries, 1 entries replaced.'),
        ).toBeTruthy();
        await userEvent.click(within(dialog).getByRole('button', { name: 'Show entries' }));
        expect(
            within(dialog)
                .getByRole('tab', { name: 'Current entries' })
                .getAttribute('aria-selected'),
        ).toBe('true');
        const panel = within(dialog).getByRole('tabpanel');
        expect(await within(panel).findByText('Hauptstraße 5, 20095 Hamburg, DE')).toBeTruthy();
        expect(within(panel).getByText('Entries of this depot: 1')).toBeTruthy();
        await userEvent.click(
            within(panel).getByRole('button', {
                name: 'Delete the entry for Hauptstraße 5, 20095 Hamburg, DE',
            }),
        );
        const confirm = await screen.findByRole('alertdialog', {
            name: 'Delete the delivery information for Hauptstraße 5, 20095 Hamburg, DE?',
        });
        await userEvent.click(within(confirm).getByRole('button', { name: 'Delete entry' }));
        await waitFor(() =>
            expect(state.calls.filter((call) => call.method === 'DELETE')).toEqual([
                {
                    url: `/tour-commander/v1/address-delivery-infos/e1?path=${encodeURIComponent(DEPOT)}`,
                    method: 'DELETE',
                    body: undefined,
                },
            ]),
        );
        expect(await seriousViolations()).toEqual([]);
        const listCall = state.calls.find((call) => call.method === 'GET');
        expect(decodeURIComponent(listCall?.url ?? '')).toBe(
            `/tour-commander/v1/address-delivery-infos?path=${DEPOT}&sort=["street","ASC"]&range=[0,24]&filter={}`,
        );
    });

    it('shows a reader (r:tour only) the entries without upload or delete', async () => {
        state.entries = [entry()];
        await renderButton('en', ['r:tour']);
        await userEvent.click(await screen.findByRole('button', { name: 'Address information' }));
        const dialog = await screen.findByRole('dialog');
        expect(await within(dialog).findByText('Hauptstraße 5, 20095 Hamburg, DE')).toBeTruthy();
        expect(within(dialog).queryByRole('tab')).toBeNull();
        expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
        expect(within(dialog).queryByRole('button', { name: 'Import file' })).toBeNull();
    });

    it('shows nothing without r:tour at the depot', async () => {
        await renderButton('en', ['r:address-location-correction']);
        // The profile arrives asynchronously: give it time, then nothing is there.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByRole('button', { name: 'Address information' })).toBeNull();
    });

    it('fills a 390 px wide screen', async () => {
        mockScreenWidth(390);
        await renderButton('en');
        await userEvent.click(await screen.findByRole('button', { name: 'Address information' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog.className).toContain('MuiDialog-paperFullScreen');
        expect(await seriousViolations()).toEqual([]);
    });

    it('refuses a file over 8 MB before reading or sending it', async () => {
        await renderButton('en');
        await userEvent.click(await screen.findByRole('button', { name: 'Address information' }));
        const dialog = await screen.findByRole('dialog');
        const input = screen.getByTestId('address-info-file');
        await userEvent.upload(
            input,
            new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }),
        );
        expect(
            await within(dialog).findByText(
                'The file is larger than 8 MB and cannot be uploaded. Split it into several files.',
            ),
        ).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Import file' })).toHaveProperty(
            'disabled',
            true,
        );
        expect(state.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });
});
