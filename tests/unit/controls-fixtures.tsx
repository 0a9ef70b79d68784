import { createInstance } from 'i18next';
import englishMessages from 'ra-language-english';
import type { ReactNode } from 'react';
import {
    AdminContext,
    memoryStore,
    TestMemoryRouter,
    type DataProvider,
    type I18nProvider,
    type RaRecord,
} from 'react-admin';
import type { Location } from 'react-router-dom';
import { vi } from 'vitest';
import english from '../../locales/en.json';
import { toI18nextMessages } from '../../src/i18n/raMessages';

/** The app's English texts (app and ra.*) through i18next, as the real provider serves them. */
export function englishI18nProvider(): I18nProvider {
    const i18n = createInstance();
    void i18n.init({
        lng: 'en',
        resources: { en: { translation: english } },
        nsSeparator: false,
        interpolation: { escapeValue: false },
        initImmediate: false,
    });
    i18n.addResourceBundle(
        'en',
        'translation',
        toI18nextMessages(englishMessages, 'en'),
        true,
        false,
    );
    return {
        translate: (
            key: string,
            options: { _?: string; smart_count?: number } & Record<string, unknown> = {},
        ) => {
            const { _: defaultValue, smart_count: count, ...rest } = options;
            return i18n.t(key, {
                ...rest,
                defaultValue: defaultValue ?? key,
                ...(count === undefined ? {} : { count }),
            });
        },
        changeLocale: async () => undefined,
        getLocale: () => 'en',
    };
}

/** A data provider over an in-memory array that sorts, filters on `q` and pages like the server. */
export function memoryDataProvider<RecordType extends RaRecord>(rows: RecordType[]) {
    const getList = vi.fn(
        async (
            _resource: string,
            params: {
                pagination?: { page: number; perPage: number };
                sort?: { field: string; order: string };
                filter?: Record<string, unknown>;
            },
        ) => {
            const { page = 1, perPage = 25 } = params.pagination ?? {};
            const { field = 'id', order = 'ASC' } = params.sort ?? {};
            const search =
                typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
            const matching = rows.filter(
                (row) => !search || JSON.stringify(row).toLowerCase().includes(search),
            );
            const sorted = [...matching].sort(
                (a, b) =>
                    String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true }) *
                    (order === 'DESC' ? -1 : 1),
            );
            return {
                data: sorted.slice((page - 1) * perPage, page * perPage),
                total: matching.length,
            };
        },
    );
    const unused = () => Promise.reject(new Error('not used in these tests'));
    const dataProvider = {
        getList,
        getOne: unused,
        getMany: unused,
        getManyReference: unused,
        create: unused,
        update: unused,
        updateMany: unused,
        delete: unused,
        deleteMany: unused,
    } as unknown as DataProvider;
    return { dataProvider, getList };
}

/** Renders `children` inside react-admin's context and a memory router; `location()` is the current location. */
export function adminWrapper(options: { dataProvider: DataProvider; initialEntry?: string }) {
    let current: Location | undefined;
    const store = memoryStore();
    const i18nProvider = englishI18nProvider();
    const Wrapper = ({ children }: { children: ReactNode }) => (
        <TestMemoryRouter
            initialEntries={[options.initialEntry ?? '/depots']}
            locationCallback={(location) => (current = location)}
        >
            <AdminContext
                dataProvider={options.dataProvider}
                i18nProvider={i18nProvider}
                store={store}
            >
                {children}
            </AdminContext>
        </TestMemoryRouter>
    );
    return { Wrapper, location: () => current };
}

/** A `window.matchMedia` answering min-width/max-width queries for a screen `width` pixels wide. */
export function mockScreenWidth(width: number) {
    const matches = (query: string) =>
        [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, value]) =>
            kind === 'min' ? width >= Number(value) : width <= Number(value),
        );
    window.matchMedia = (query: string) =>
        ({
            matches: matches(query),
            media: query,
            onchange: null,
            addListener: () => undefined,
            removeListener: () => undefined,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
            dispatchEvent: () => false,
        }) as MediaQueryList;
}
