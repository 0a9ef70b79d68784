import {
    TranslatableString,
    englishStringTranslator,
    type ErrorSchema,
    type RJSFValidationError,
    type UiSchema,
} from '@rjsf/utils';

/**
 * Texts of the generated configuration forms: the schemas' titles and descriptions are
 * translation keys (schemas/README.md), turned into a uiSchema so the schema object itself stays
 * the one the precompiled validator was built from.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** The last segment of a field path, for enum labels: `app.clientConfig.enum.<field>.<value>`. */
export function buildUiSchema(schema: unknown, translate: Translate, field = ''): UiSchema {
    const ui: UiSchema = {};
    if (!isRecord(schema)) return ui;
    if (typeof schema.title === 'string') ui['ui:title'] = translate(schema.title);
    if (typeof schema.description === 'string')
        ui['ui:description'] = translate(schema.description);
    if (Array.isArray(schema.enum))
        ui['ui:enumNames'] = schema.enum.map((value) =>
            translate(`app.clientConfig.enum.${field}.${String(value)}`),
        );
    if (isRecord(schema.properties))
        for (const [key, child] of Object.entries(schema.properties))
            ui[key] = buildUiSchema(child, translate, key);
    if (isRecord(schema.items)) ui.items = buildUiSchema(schema.items, translate, field);
    return ui;
}

/** RJSF's own strings that our forms can show, translated (`app.clientConfig.rjsf.<name>`); the rest stay English. */
const translatedStrings = new Set<string>([
    'ArrayItemTitle',
    'EmptyArray',
    'CloseLabel',
    'ErrorsLabel',
    'NewStringDefault',
    'AddButton',
    'AddItemButton',
    'CopyButton',
    'MoveDownButton',
    'MoveUpButton',
    'RemoveButton',
    'ClearButton',
    'DecrementAriaLabel',
    'IncrementAriaLabel',
    'OptionalObjectAdd',
    'OptionalObjectRemove',
    'OptionalObjectEmptyMsg',
]);
const nameOf = new Map<string, string>(
    Object.entries(TranslatableString).map(([name, value]) => [value, name]),
);

export function rjsfTranslator(translate: Translate) {
    return (key: TranslatableString, params?: string[]): string => {
        const name = nameOf.get(key);
        if (name && translatedStrings.has(name))
            return translate(
                `app.clientConfig.rjsf.${name}`,
                Object.fromEntries((params ?? []).map((value, index) => [`p${index + 1}`, value])),
            );
        return englishStringTranslator(key, params);
    };
}

/** Keywords whose messages are translated; anything else says "invalid value". */
const errorKeywords = new Set([
    'required',
    'type',
    'minimum',
    'maximum',
    'pattern',
    'enum',
    'maxItems',
    'minItems',
    'uniqueItems',
    'additionalProperties',
    'maxLength',
    'minLength',
]);

export function translateErrors(translate: Translate) {
    return (errors: RJSFValidationError[]): RJSFValidationError[] =>
        errors.map((error) => {
            const keyword = error.name && errorKeywords.has(error.name) ? error.name : 'invalid';
            const params = isRecord(error.params) ? error.params : {};
            return {
                ...error,
                message: translate(`app.clientConfig.errors.${keyword}`, {
                    limit: params.limit,
                    type: params.type,
                }),
            };
        });
}

/** The server's failing fields (`/frontend/x`) as RJSF `extraErrors`, shown on the fields. */
export function serverErrorSchema(
    details: readonly { field?: string; message: string }[],
    message: string,
): ErrorSchema {
    const root: Record<string, unknown> = {};
    for (const detail of details) {
        const segments = (detail.field ?? '').split('/').filter(Boolean);
        let node = root;
        for (const segment of segments) {
            const next = isRecord(node[segment]) ? node[segment] : {};
            node[segment] = next;
            node = next;
        }
        const errors = Array.isArray(node.__errors) ? (node.__errors as string[]) : [];
        if (!errors.includes(message)) node.__errors = [...errors, message];
    }
    return root as ErrorSchema;
}
