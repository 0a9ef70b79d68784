import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const NUL = '\u0000';
const UNSAFE_MESSAGE = 'must be valid Unicode text without the NUL character (U+0000)';

/**
 * A request text PostgreSQL cannot store: a NUL character (text refuses it) or an unpaired
 * UTF-16 surrogate (`"\ud800"`, which JSON columns refuse). `field` names where it was found
 * (`/querystring/search`, `/params/id`, `/body/AuthParameters/USERNAME`). The app's error
 * handler answers it as 400 BAD_REQUEST naming the field; the identity and token endpoints map
 * it to their own protocol's error.
 */
export class UnsafeTextError extends AppError {
    constructor(public readonly field: string) {
        super(400, 'BAD_REQUEST', `${field} ${UNSAFE_MESSAGE}`, [
            { field, message: UNSAFE_MESSAGE },
        ]);
        this.name = 'UnsafeTextError';
    }
}

/** `String.prototype.isWellFormed` (ES2024, in Node 20): false when the text has an unpaired surrogate. */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** Whether PostgreSQL would refuse the text. */
const unsafe = (text: string) => text.includes(NUL) || !wellFormed(text);

/** A JSON-pointer token (RFC 6901), with a NUL in a key written out so the field name stays printable. */
const pointerToken = (key: string) =>
    key.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll(NUL, '\\u0000');

/**
 * What the JSON and query string parsers build: plain objects, null-prototype ones, and
 * fast-querystring's (whose prototype has a null prototype). Not Buffers or other class
 * instances, which content parsers that keep raw bytes hand over.
 */
function isPlainData(value: object): boolean {
    const prototype: unknown = Object.getPrototypeOf(value);
    return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The JSON pointer below `at` of the first string (or object key) of `value` that PostgreSQL
 * would refuse, or undefined when there is none. Arrays and plain objects are walked to any depth.
 */
export function findUnsafeText(value: unknown, at: string): string | undefined {
    if (typeof value === 'string') return unsafe(value) ? at : undefined;
    if (typeof value !== 'object' || value === null) return undefined;
    if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
            const found = findUnsafeText(value[index], `${at}/${index}`);
            if (found !== undefined) return found;
        }
        return undefined;
    }
    if (!isPlainData(value)) return undefined;
    for (const [key, item] of Object.entries(value)) {
        const path = `${at}/${pointerToken(key)}`;
        if (unsafe(key)) return path;
        const found = findUnsafeText(item, path);
        if (found !== undefined) return found;
    }
    return undefined;
}

/**
 * The query string, and inside the JSON some parameters carry (react-admin's simple REST
 * `filter`, `sort`, `range`, which handlers decode) the same characters written as escapes
 * (`\u0000`, `\ud800`): named like the validation errors of the decoded value
 * (`/querystring/filter/q`).
 */
function findUnsafeQuery(query: unknown): string | undefined {
    const found = findUnsafeText(query, '/querystring');
    if (found !== undefined || typeof query !== 'object' || query === null) return found;
    for (const [key, value] of Object.entries(query)) {
        if (typeof value !== 'string' || !value.includes('\\u')) continue;
        let decoded: unknown;
        try {
            decoded = JSON.parse(value);
        } catch {
            continue; // not JSON: the route's own parsing answers
        }
        const inside = findUnsafeText(decoded, `/querystring/${pointerToken(key)}`);
        if (inside !== undefined) return inside;
    }
    return undefined;
}

/** The three parts of a request a handler reads, in the order Fastify validates them. */
function findUnsafeInRequest(request: FastifyRequest): string | undefined {
    return (
        findUnsafeText(request.params, '/params') ??
        findUnsafeQuery(request.query) ??
        findUnsafeText(request.body, '/body')
    );
}

/**
 * Refuses a NUL character or an unpaired surrogate in any string (or key) of the path
 * parameters, query string or parsed body, on every route, before validation, access checks,
 * handlers or the database see it: PostgreSQL's text cannot hold U+0000 and its JSON refuses
 * an unpaired surrogate, so the statement would fail with a 500. Runs after authentication
 * (onRequest hooks), so a request without a valid token is still a 401. Invalid UTF-8 needs no
 * rule: the body and query parsers decode it to U+FFFD.
 */
export default fp(
    async function inputGuard(fastify: FastifyInstance) {
        fastify.addHook('preValidation', async (request) => {
            const field = findUnsafeInRequest(request);
            if (field !== undefined) throw new UnsafeTextError(field);
        });
    },
    { name: 'input-guard' },
);
