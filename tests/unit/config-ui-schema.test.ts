import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { configCrossFieldErrors } from '../../domain/clientConfigs';
import {
    buildUiSchema,
    rjsfTranslator,
    serverErrorSchema,
    translateErrors,
} from '../../src/configuration/configUiSchema';

const translate = (key: string, options?: Record<string, unknown>) =>
    options && Object.values(options).some((value) => value !== undefined)
        ? `${key}(${JSON.stringify(options)})`
        : `<${key}>`;

describe('configuration form texts', () => {
    it('turns schema titles, descriptions and enum values into a translated uiSchema', () => {
        const schema = {
            title: 'app.t.root',
            properties: {
                frontend: {
                    title: 'app.t.frontend',
                    description: 'app.t.help',
                    properties: {
                        mode: { title: 'app.t.mode', enum: ['A', 'B'] },
                        list: { type: 'array', items: { title: 'app.t.item' } },
                    },
                },
            },
        };
        expect(buildUiSchema(schema, translate)).toEqual({
            'ui:title': '<app.t.root>',
            frontend: {
                'ui:title': '<app.t.frontend>',
                'ui:description': '<app.t.help>',
                mode: {
                    'ui:title': '<app.t.mode>',
                    'ui:enumNames': [
                        '<app.clientConfig.enum.mode.A>',
                        '<app.clientConfig.enum.mode.B>',
                    ],
                },
                list: { items: { 'ui:title': '<app.t.item>' } },
            },
        });
    });

    it("translates RJSF's button texts and keeps the rest English", () => {
        const rjsf = rjsfTranslator(translate);
        expect(rjsf(TranslatableString.AddItemButton)).toBe(
            '<app.clientConfig.rjsf.AddItemButton>',
        );
        expect(rjsf(TranslatableString.UnsupportedField)).toBe('Unsupported field schema.');
    });

    it('translates validation messages by keyword with their limit', () => {
        const errors = translateErrors(translate)([
            { name: 'minimum', params: { limit: 10 }, property: '.a', stack: '' },
            { name: 'const', params: {}, property: '.b', stack: '' },
        ]);
        expect(errors.map((error) => error.message)).toEqual([
            'app.clientConfig.errors.minimum({"limit":10})',
            '<app.clientConfig.errors.invalid>',
        ]);
    });

    it("puts the server's failing fields on the fields", () => {
        expect(
            serverErrorSchema(
                [
                    { field: '/frontend/businessHours/from', message: 'x' },
                    { field: '/frontend/limit', message: 'y' },
                ],
                'refused',
            ),
        ).toEqual({
            frontend: {
                businessHours: { from: { __errors: ['refused'] } },
                limit: { __errors: ['refused'] },
            },
        });
    });

    it('checks that the RTT Medium limit lies above the Good one', () => {
        expect(
            configCrossFieldErrors('tour-commander', {
                rtt: { goodMaxDeviationMinutes: 45, mediumMaxDeviationMinutes: 45 },
            }),
        ).toHaveLength(1);
        expect(
            configCrossFieldErrors('tour-commander', {
                rtt: { goodMaxDeviationMinutes: 45, mediumMaxDeviationMinutes: 90 },
            }),
        ).toEqual([]);
        expect(
            configCrossFieldErrors('tenant', {
                rtt: { goodMaxDeviationMinutes: 45, mediumMaxDeviationMinutes: 1 },
            }),
        ).toEqual([]);
    });
});
