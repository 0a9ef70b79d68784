// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
    ResourceContextProvider,
    type AuthProvider,
    type DataProvider,
    type GetOneParams,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../domain/enums';
import { identityOf } from '../../src/authProvider';
import { ApiCredentialCreateDialog } from '../../src/resources/api-access-management/ApiCredentialCreateDialog';
import { AppUserDialog } from '../../src/resources/app-accounts/AppUserDialog';
import { UserDataPanel } from '../../src/resources/backoffice/UserDataPanel';
import { DepotCreate } from '../../src/resources/depots/DepotCreate';
import { DepotEdit } from '../../src/resources/depots/DepotEdit';
import { OrganizationCreate } from '../../src/resources/organizations/OrganizationCreate';
import { OrganizationEdit } from '../../src/resources/organizations/OrganizationEdit';
import { RoleCreate } from '../../src/resources/roles/RoleCreate';
import { RoleEdit } from '../../src/resources/roles/RoleEdit';
import { SubcontractorDialog } from '../../src/resources/subcontractor/SubcontractorDialog';
import { VehicleDialog } from '../../src/resources/subcontractor/VehicleDialog';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { admin } from './permission-fixtures';
import { profileWithSettings } from './profile-fixtures';

/**
 * Issue 13 point 7: every form with rules shows its messages translated, in English and German,
 * through the real i18nProvider: no `@@react-admin@@` wrapper, no raw `app.`/`ra.` key, and no
 * browser message in the browser's language instead of ours (every form validates with our rules
 * only: `noValidate`).
 */

const records: Record<string, Record<string, unknown>> = {
    roles: {
        id: 'r1',
        name: 'Dispatch',
        contexts: ['DEPOT'],
        actions: [],
        visibilityPath: 't1',
        technical: false,
        version: 1,
    },
    organizations: {
        id: 't1',
        name: 'Org One',
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        businessHours: { from: '07:00', to: '18:00' },
        regions: [{ id: 'g1', name: 'North' }],
        version: 1,
    },
    depots: {
        id: 'd1',
        tenantId: 't1',
        groupId: 'g1',
        externalDepotId: 'D1',
        internalDepotId: 'i1',
        name: 'Depot One',
        street: 'Main Street',
        houseNo: '1',
        postcode: '10115',
        locality: 'Berlin',
        countryCode: 'DE',
        latitude: 52.5,
        longitude: 13.4,
        timeZone: 'Europe/Berlin',
        manualJobUploadEnabled: false,
        deviceMappings: [],
        version: 1,
    },
};

const dataProvider = {
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getOne: async (resource: string, params: GetOneParams) => ({
        data: { ...records[resource], id: params.id },
    }),
    getScopes: async () => ({ path: 't1', name: 'Org One', scope: 'TENANT', children: [] }),
    getDepotRegions: async () => [{ id: 'g1', name: 'North' }],
    // Never answers: the forms keep the default organisation configuration.
    getTenantConfiguration: () => new Promise(() => undefined),
} as unknown as DataProvider;

const profile = { ...profileWithSettings(null), actions: admin };
const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => undefined,
    getIdentity: async () => identityOf(profile),
};

/** Raw keys or react-admin's wrapper of an untranslated validation message. */
const UNTRANSLATED = /@@react-admin@@|\b(?:app|ra|resources)\.[\w-]+\.[\w.:-]+/;

async function renderIn(language: Language, node: ReactNode, initialEntry = '/') {
    const i18nProvider = await realI18nProvider(language);
    const Wrapper = i18nWrapper(i18nProvider, dataProvider, { initialEntry, authProvider });
    render(<Wrapper>{node}</Wrapper>);
}

/** A page of the app at `path`. */
const page = (resource: string, path: string, element: ReactNode) => (
    <Routes>
        <Route
            path={path}
            element={<ResourceContextProvider value={resource}>{element}</ResourceContextProvider>}
        />
    </Routes>
);

/** Every message shown, all translated, and every form left to our rules. */
async function expectShown(messages: string[]) {
    for (const message of messages)
        await waitFor(() => expect(document.body.textContent).toContain(message));
    expect(document.body.textContent).not.toMatch(UNTRANSLATED);
    const forms = [...document.querySelectorAll('form')];
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form.noValidate).toBe(true);
}

const typeInto = async (label: RegExp, text: string) => {
    const input = await screen.findByLabelText(label);
    await userEvent.clear(input);
    if (text) await userEvent.type(input, text);
};
const clickButton = async (name: string) =>
    userEvent.click(await screen.findByRole('button', { name }));

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

/** Expected texts, written by hand per language. */
const texts = {
    en: {
        save: 'Save',
        createCredential: 'Create credential',
        name: /^Name/,
        depotName: /^Depot name/,
        latitude: /^Latitude/,
        organisationId: /^Organisation ID/,
        mobile: /^Mobile number/,
        email: /^E-mail address/,
        subcontractorId: /^Subcontractor ID/,
        vehicleNumber: /^Vehicle number/,
        required: 'Required',
        actions: 'Choose at least one action.',
        tenantIdFormat: 'Only letters, digits, hyphens and underscores',
        latitudeRange: 'Latitude must lie between -90 and 90',
        phoneFormat: 'International format: a plus, the country calling code and 4 to 20 digits',
        emailFormat: 'Not a valid e-mail address',
        subcontractorCodeFormat: 'Letters, digits, hyphens and underscores only',
        vehicleNumberFormat: 'Exactly 4 digits',
        tooShort: 'Needs at least 2 characters that are not spaces',
        credentialName: 'Enter a name of at least 2 characters.',
        credentialScopes: 'Choose at least one scope.',
    },
    de: {
        save: 'Speichern',
        createCredential: 'Zugangsdaten erstellen',
        name: /^Bezeichnung/,
        depotName: /^Depotname/,
        latitude: /^Breitengrad/,
        organisationId: /^Organisations-ID/,
        mobile: /^Mobilnummer/,
        email: /^E-Mail-Adresse/,
        subcontractorId: /^Subunternehmer-ID/,
        vehicleNumber: /^Fahrzeugnummer/,
        required: 'Pflichtfeld',
        actions: 'Wählen Sie mindestens eine Aktion.',
        tenantIdFormat: 'Nur Buchstaben, Ziffern, Bindestriche und Unterstriche',
        latitudeRange: 'Der Breitengrad muss zwischen -90 und 90 liegen',
        phoneFormat: 'Internationales Format: ein Plus, die Ländervorwahl und 4 bis 20 Ziffern',
        emailFormat: 'Keine gültige E-Mail-Adresse',
        subcontractorCodeFormat: 'Nur Buchstaben, Ziffern, Bindestriche und Unterstriche',
        vehicleNumberFormat: 'Genau 4 Ziffern',
        tooShort: 'Mindestens 2 Zeichen, die keine Leerzeichen sind',
        credentialName: 'Geben Sie eine Bezeichnung mit mindestens 2 Zeichen ein.',
        credentialScopes: 'Wählen Sie mindestens einen Berechtigungsbereich.',
    },
} as const;

for (const language of ['en', 'de'] as const) {
    const text = texts[language];

    describe(`validation messages (${language})`, () => {
        it('new role: name and actions (the actions message was a raw key)', async () => {
            await renderIn(
                language,
                page('roles', '/tenant/:tenantId/roles/create', <RoleCreate />),
                '/tenant/t1/roles/create',
            );
            // Save waits for a change; a name of spaces is none.
            await typeInto(text.name, '   ');
            await clickButton(text.save);
            await expectShown([text.required, text.actions]);
        }, 30_000);

        it('role edit: name and actions', async () => {
            await renderIn(
                language,
                page('roles', '/tenant/:tenantId/roles/:id', <RoleEdit />),
                '/tenant/t1/roles/r1',
            );
            await typeInto(text.name, '');
            await clickButton(text.save);
            await expectShown([text.required, text.actions]);
        }, 30_000);

        it('new organisation: id, name, country, regions', async () => {
            await renderIn(
                language,
                page('organizations', '/organizations/create', <OrganizationCreate />),
                '/organizations/create',
            );
            await typeInto(text.organisationId, 'a b');
            await clickButton(text.save);
            await expectShown([text.tenantIdFormat, text.required]);
        }, 30_000);

        it('organisation edit: name', async () => {
            await renderIn(
                language,
                page('organizations', '/organizations/:id', <OrganizationEdit />),
                '/organizations/t1',
            );
            await typeInto(text.name, '');
            await clickButton(text.save);
            await expectShown([text.required]);
        }, 30_000);

        it('new depot: required fields', async () => {
            await renderIn(
                language,
                page('depots', '/depots/create', <DepotCreate />),
                '/depots/create',
            );
            await typeInto(text.depotName, 'x');
            await clickButton(text.save);
            await expectShown([text.required]);
        }, 30_000);

        it('depot edit: name and latitude', async () => {
            await renderIn(language, page('depots', '/depots/:id', <DepotEdit />), '/depots/d1');
            await typeInto(text.depotName, '');
            await typeInto(text.latitude, '100');
            await clickButton(text.save);
            await expectShown([text.required, text.latitudeRange]);
        }, 30_000);

        it('app account dialog: an e-mail the browser would stop with its own message', async () => {
            await renderIn(
                language,
                <AppUserDialog
                    open
                    onClose={() => undefined}
                    resource="tempDrivers"
                    driverType="TEMP_DRIVER"
                    subcontractorFilter={{ depotId: 'd1' }}
                    tenantId="t1"
                />,
            );
            await typeInto(text.mobile, '0171');
            await typeInto(text.email, 'x@');
            await clickButton(text.save);
            await expectShown([text.required, text.phoneFormat, text.emailFormat]);
        }, 30_000);

        it('subcontractor and vehicle dialogs', async () => {
            await renderIn(
                language,
                <SubcontractorDialog open onClose={() => undefined} depotId="d1" />,
            );
            await typeInto(text.subcontractorId, 'a b');
            await clickButton(text.save);
            await expectShown([text.subcontractorCodeFormat, text.required]);
            cleanup();

            const subcontractor = {
                id: 's1',
                name: 'Sub One',
                code: 'S1',
                depotId: 'd1',
                tenantId: 't1',
                version: 1,
            };
            await renderIn(
                language,
                <VehicleDialog
                    open
                    onClose={() => undefined}
                    subcontractor={subcontractor as never}
                />,
            );
            await typeInto(text.vehicleNumber, '12');
            await expectShown([text.vehicleNumberFormat]);
        }, 30_000);

        it('back-office user data', async () => {
            await renderIn(
                language,
                <form noValidate>
                    <UserDataPanel
                        values={{
                            type: '',
                            email: 'x@',
                            firstName: '',
                            lastName: 'B',
                            mobilePhone: '0171',
                            landLine: '',
                            wantsSecondScreenNews: false,
                        }}
                        onChange={() => undefined}
                        isNew
                        context="tenant"
                        showAllErrors
                    />
                </form>,
            );
            await expectShown([text.required, text.emailFormat, text.tooShort, text.phoneFormat]);
        }, 30_000);

        it('API credential dialog', async () => {
            await renderIn(
                language,
                <ApiCredentialCreateDialog
                    open
                    tenantId="t1"
                    onClose={() => undefined}
                    onCreated={() => undefined}
                />,
            );
            await clickButton(text.createCredential);
            await expectShown([text.credentialName, text.credentialScopes]);
        }, 30_000);
    });
}
