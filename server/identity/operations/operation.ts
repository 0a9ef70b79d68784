import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { invalidParameter } from '../cognito-error.js';
import type { OperationContext } from '../context.js';

/** One `AWSCognitoIdentityProviderService.<name>` operation: validates its JSON input, then answers. */
export interface Operation {
    name: string;
    /** `none`: public (smithy noAuth; the caller proves itself with tokens or a Session); `sigv4`: admin API. */
    auth: 'none' | 'sigv4';
    /** The input's schema (what `run` validates), for tests that exercise every parameter. */
    input: TSchema;
    run(body: unknown, ctx: OperationContext): Promise<object>;
}

function fieldName(path: string): string {
    return path.replace(/^\//, '').replaceAll('/', '.');
}

/** Cognito's wording for the first validation error, naming the field at fault. */
function describe(errors: TLocalizedValidationError[]): string {
    const first = errors.find((error) => error.keyword === 'required') ?? errors[0];
    if (!first || (first.instancePath === '' && first.keyword !== 'required'))
        return 'The request body must be a JSON object.';
    if (first.keyword === 'required') {
        const missing = first.params.requiredProperties[0] ?? '';
        const field = fieldName(`${first.instancePath}/${missing}`);
        return `1 validation error detected: Value null at '${field}' failed to satisfy constraint: Member must not be null`;
    }
    return `1 validation error detected: Value at '${fieldName(first.instancePath)}' failed to satisfy constraint: Member ${first.message}`;
}

/** Declares an operation; its handler receives the input typed and validated against `input`. */
export function defineOperation<S extends TSchema>(
    name: string,
    input: S,
    handle: (input: Static<S>, ctx: OperationContext) => Promise<object>,
    auth: Operation['auth'] = 'none',
): Operation {
    const validator = Compile(input);
    return {
        name,
        auth,
        input,
        run: (body, ctx) => {
            if (!validator.Check(body)) throw invalidParameter(describe(validator.Errors(body)));
            return handle(body as Static<S>, ctx);
        },
    };
}
