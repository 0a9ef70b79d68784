import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
    configCrossFieldErrors,
    configSchemaNames,
    CONFIG_SCHEMA_VERSION,
    type ConfigSchemaName,
} from '../../domain/clientConfigs.js';
import type { ErrorDetail } from '../../domain/contracts/common.js';
import { AppError } from '../errors.js';

/**
 * The configuration JSON Schemas of `schemas/` (see schemas/README.md): read once, compiled once
 * per file with ajv 8 (`allErrors`), shared by the configuration and tour commander services and
 * served as assets (server/plugins/schema-assets.ts).
 */

type JsonSchema = Record<string, unknown>;

/** The repository's `schemas/` folder. */
const defaultSchemaDir = fileURLToPath(new URL('../../schemas', import.meta.url));

const VERSION_PATTERN = /^v[0-9]{1,3}$/;
const CLIENT_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

interface LoadedSchema {
    /** The file's text, answered as is. */
    text: string;
    schema: JsonSchema;
    /** Which file: the client's own or the default. */
    file: string;
}

export interface ConfigSchemaRegistry {
    /** The schema of `name` for `client` (its own file, else the default), or undefined for an unknown version. */
    schema(version: string, client: string, name: ConfigSchemaName): LoadedSchema | undefined;
    /** Every failing field of `document` against the current version's schema for `client`. */
    validate(client: string, name: ConfigSchemaName, document: unknown): ErrorDetail[];
    /** The schema compiled into an ES module of RJSF's precompiled validator functions (browser, CSP without eval). */
    validatorModule(version: string, client: string, name: ConfigSchemaName): string | undefined;
}

/** The JSON pointer of the failing field: the property itself for `required` and `additionalProperties`. */
function errorField(error: ErrorObject): string {
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const child =
        error.keyword === 'required'
            ? params.missingProperty
            : error.keyword === 'additionalProperties'
              ? params.additionalProperty
              : undefined;
    return child === undefined ? error.instancePath || '/' : `${error.instancePath}/${child}`;
}

/** Ajv errors as the envelope's details, one per failing field and rule. */
function errorDetails(errors: readonly ErrorObject[] | null | undefined): ErrorDetail[] {
    return (errors ?? []).map((error) => {
        const field = errorField(error);
        const text =
            error.keyword === 'required'
                ? 'is required'
                : error.keyword === 'additionalProperties'
                  ? 'is not allowed'
                  : (error.message ?? 'is invalid');
        return { field, message: `${field} ${text}` };
    });
}

/**
 * Runtime helpers that ajv's standalone code `require`s, written as ES module code. Only string
 * length (maxLength/minLength) and deep equality (enum/const/uniqueItems of objects) are allowed
 * in our schemas (schemas/README.md).
 */
const runtimePrelude = `
const ucs2length = (str) => { let length = 0; let pos = 0; const len = str.length; let value; while (pos < len) { length++; value = str.charCodeAt(pos++); if (value >= 0xd800 && value <= 0xdbff && pos < len) { value = str.charCodeAt(pos); if ((value & 0xfc00) === 0xdc00) pos++; } } return length; };
const equal = (a, b) => { if (a === b) return true; if (a && b && typeof a === 'object' && typeof b === 'object') { if (Array.isArray(a) !== Array.isArray(b)) return false; const ka = Object.keys(a); if (ka.length !== Object.keys(b).length) return false; return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k])); } return a !== a && b !== b; };
const runtime = { 'ajv/dist/runtime/ucs2length': { default: ucs2length }, 'ajv/dist/runtime/equal': { default: equal } };
const require = (name) => { const helper = runtime[name]; if (!helper) throw new Error('unsupported ajv runtime ' + name); return helper; };
const exports = {};
`;

/** ajv's standalone (CommonJS) code of a schema's validators wrapped into an ES module exporting them as default. */
function precompiledValidatorModule(schema: JsonSchema): string {
    const code = compileSchemaValidatorsCode(schema, {
        ajvOptionsOverrides: { code: { lines: false, source: true } },
    });
    const required = [...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1] ?? '');
    const unsupported = required.filter(
        (name) => name !== 'ajv/dist/runtime/ucs2length' && name !== 'ajv/dist/runtime/equal',
    );
    if (unsupported.length > 0)
        throw new Error(
            `The schema needs ajv runtime helpers the browser module lacks: ${unsupported.join(', ')}`,
        );
    return `${runtimePrelude}\n(() => {\n${code}\n})();\nexport default exports;\n`;
}

function createRegistry(dir: string): ConfigSchemaRegistry {
    const files = new Map<string, LoadedSchema | undefined>();
    const validators = new Map<string, ValidateFunction>();
    const modules = new Map<string, string>();
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);

    const load = (
        version: string,
        client: string,
        name: ConfigSchemaName,
    ): LoadedSchema | undefined => {
        if (
            !VERSION_PATTERN.test(version) ||
            !CLIENT_PATTERN.test(client) ||
            !configSchemaNames.includes(name)
        )
            return undefined;
        const key = `${version}/${client}/${name}`;
        if (files.has(key)) return files.get(key);
        const own = resolve(dir, version, 'clients', client, `${name}.json`);
        const fallback = resolve(dir, version, `${name}.json`);
        const file = existsSync(own) ? own : existsSync(fallback) ? fallback : undefined;
        let loaded: LoadedSchema | undefined;
        if (file) {
            const text = readFileSync(file, 'utf8');
            loaded = { text, schema: JSON.parse(text) as JsonSchema, file };
        }
        files.set(key, loaded);
        return loaded;
    };

    return {
        schema: load,
        validate(client, name, document) {
            const loaded = load(CONFIG_SCHEMA_VERSION, client, name);
            if (!loaded)
                throw new Error(`No schema ${CONFIG_SCHEMA_VERSION}/${name}.json in ${dir}`);
            let validator = validators.get(loaded.file);
            if (!validator) {
                validator = ajv.compile(loaded.schema);
                validators.set(loaded.file, validator);
            }
            return validator(document) ? [] : errorDetails(validator.errors);
        },
        validatorModule(version, client, name) {
            const loaded = load(version, client, name);
            if (!loaded) return undefined;
            let code = modules.get(loaded.file);
            if (code === undefined) {
                code = precompiledValidatorModule(loaded.schema);
                modules.set(loaded.file, code);
            }
            return code;
        },
    };
}

const registries = new Map<string, ConfigSchemaRegistry>();

/** The registry of a schema folder (one per folder and process). */
export function configSchemas(dir: string = defaultSchemaDir): ConfigSchemaRegistry {
    const key = resolve(dir);
    let registry = registries.get(key);
    if (!registry) {
        registry = createRegistry(key);
        registries.set(key, registry);
    }
    return registry;
}

/** Throws 400 INVALID_CLIENT_CONFIG naming every failing field; does nothing for a valid document. */
export function assertValidConfig(client: string, name: ConfigSchemaName, document: unknown): void {
    const schemaDetails = configSchemas().validate(client, name, document);
    const details =
        schemaDetails.length > 0 ? schemaDetails : configCrossFieldErrors(name, document);
    if (details.length > 0)
        throw new AppError(
            400,
            'INVALID_CLIENT_CONFIG',
            `The configuration does not match its schema: ${details.map((detail) => detail.message).join('; ')}`,
            details,
        );
}
