import type { TSchema, Static } from 'typebox';
import { Value } from 'typebox/value';
import { badRequest } from '../../../errors.js';

/** A simple-REST `filter` object checked against its schema; the first bad key is named (`/querystring/filter/<key>`). */
export function filterParser<T extends TSchema>(schema: T) {
    return (raw: Record<string, unknown>): Static<T> => {
        // react-admin's getMany sends `{ id: [...] }`; a single id arrives as a string.
        const value = typeof raw.id === 'string' ? { ...raw, id: [raw.id] } : raw;
        const first = Value.Errors(schema, value)[0];
        if (first) {
            const field = first.keyword === 'additionalProperties' ? `/${String((first.params as { additionalProperties?: unknown }).additionalProperties ?? '')}` : first.instancePath;
            throw badRequest(`filter${field} ${first.message}`, [{ field: `/querystring/filter${field}`, message: first.message }]);
        }
        return value as Static<T>;
    };
}
