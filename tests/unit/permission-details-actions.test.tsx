// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilePermission } from '../../domain/contracts/profile';
import type { Language } from '../../domain/enums';
import { PermissionsTable } from '../../src/customRoutes/profile/PermissionsTable';
import { mockScreenWidth } from './controls-fixtures';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';

/**
 * Issue 13 point 8: a permission's actions (profile page, shell §2.4) show the action names of
 * the role editor in the user's language, grouped by area, never the codes.
 */

const permission: ProfilePermission = {
    id: 'p1',
    role: {
        id: 'r1',
        name: 'Organisation Admin',
        context: 'TENANT',
        actions: ['r:dgw-pages', 'tenant-admin', 'c:depot'],
    },
    scope: 'TENANT',
    path: 't1',
    scopeDetails: { name: 'Org One' },
};

const codes = /\b(?:[crudw]:[a-z-]+|tenant-admin)\b/;

async function renderIn(language: Language) {
    const i18nProvider = await realI18nProvider(language);
    const Wrapper = i18nWrapper(i18nProvider, {} as DataProvider);
    render(
        <Wrapper>
            <PermissionsTable permissions={[permission]} />
        </Wrapper>,
    );
}

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

/** Names, descriptions and areas, written by hand per language. */
const expected = {
    en: {
        showActions: 'Show the 3 actions of Organisation Admin',
        names: ['Organisation administrator', 'Add depots', 'Data gateway'],
        description: 'Every action within the organisation.',
        areas: ['Platform', 'Organisation features'],
        roleHeading: 'Actions of this role',
    },
    de: {
        showActions: 'Die 3 Aktionen von Organisation Admin anzeigen',
        names: ['Organisationsadministrator', 'Depots anlegen', 'Datengateway'],
        description: 'Alle Aktionen innerhalb der Organisation.',
        areas: ['Plattform', 'Funktionen der Organisation'],
        roleHeading: 'Aktionen dieser Rolle',
    },
} as const;

describe('permission details: the actions of a role', () => {
    it('a code the browser does not know (a newer server) shows as itself, not as a key', async () => {
        const i18nProvider = await realI18nProvider('en');
        const Wrapper = i18nWrapper(i18nProvider, {} as DataProvider);
        const future = {
            ...permission,
            role: { ...permission.role, actions: ['x:future', 'c:depot'] },
        };
        render(
            <Wrapper>
                <PermissionsTable permissions={[future]} />
            </Wrapper>,
        );
        await userEvent.click(
            screen.getByRole('button', { name: 'Show the 2 actions of Organisation Admin' }),
        );
        const dialog = await screen.findByRole('dialog');
        expect(
            within(dialog)
                .getAllByRole('listitem')
                .map((item) => item.textContent)
                .sort(),
        ).toEqual(['Add depotsCreate depots.', 'x:future']);
    }, 30_000);

    for (const language of ['en', 'de'] as const) {
        const text = expected[language];

        it(`${language}: the actions column opens the translated names, by area, without codes`, async () => {
            await renderIn(language);
            await userEvent.click(screen.getByRole('button', { name: text.showActions }));
            const dialog = await screen.findByRole('dialog');
            const items = within(dialog)
                .getAllByRole('listitem')
                .map((item) => item.textContent);
            // Catalogue order within areas (platform first), each with its explanation.
            expect(items.map((item) => text.names.find((name) => item?.startsWith(name)))).toEqual(
                text.names,
            );
            expect(within(dialog).getByText(text.description)).toBeTruthy();
            for (const area of text.areas)
                expect(within(dialog).getByRole('heading', { name: area })).toBeTruthy();
            expect(dialog.textContent).not.toMatch(codes);
            expect(dialog.textContent).not.toMatch(/app\.actions\./);
        }, 30_000);

        it(`${language}: the role's detail lists the same names under its heading`, async () => {
            await renderIn(language);
            await userEvent.click(screen.getByRole('button', { name: 'Organisation Admin' }));
            const dialog = await screen.findByRole('dialog');
            expect(within(dialog).getByRole('heading', { name: text.roleHeading })).toBeTruthy();
            for (const name of text.names) expect(within(dialog).getByText(name)).toBeTruthy();
            // The areas are headings one level below "Actions of this role" (h3).
            expect(
                within(dialog)
                    .getAllByRole('heading', { level: 4 })
                    .map((heading) => heading.textContent),
            ).toEqual(text.areas);
            expect(dialog.textContent).not.toMatch(codes);
        }, 30_000);
    }
});
