import type { Static, TSchema } from 'typebox';
import type { SimpleRestQuery } from '../../domain/contracts/common.js';
import { Compile } from 'typebox/compile';
import { badRequest } from '../errors.js';

const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 25;

export interface ListParams<Field extends string, Filter> {
    sort: { field: Field; order: 'ASC' | 'DESC' };
    offset: number;
    limit: number;
    filter: Filter;
}

function parseJson(raw: string, field: string): unknown {
    try {
        return JSON.parse(raw);
    } catch {
        throw badRequest(`${field} is not valid JSON.`, [
            { field: `/querystring/${field}`, message: 'must be valid JSON' },
        ]);
    }
}

/**
 * Parses and checks the three list parameters. `sortable` lists the fields a client may
 * sort by; `parseFilter` checks the filter object and names the first bad key.
 */
export function parseListQuery<Field extends string, Filter>(
    query: SimpleRestQuery,
    sortable: readonly Field[],
    defaultSort: Field,
    parseFilter: (raw: Record<string, unknown>) => Filter,
): ListParams<Field, Filter> {
    let sort: ListParams<Field, Filter>['sort'] = { field: defaultSort, order: 'ASC' };
    if (query.sort) {
        const value = parseJson(query.sort, 'sort');
        const [field, order] = Array.isArray(value) ? value : [];
        if (!sortable.includes(field as Field) || (order !== 'ASC' && order !== 'DESC')) {
            throw badRequest(
                `sort must be ["<field>","ASC"|"DESC"] with a field among ${sortable.join(', ')}.`,
                [{ field: '/querystring/sort', message: `unknown sort field or order` }],
            );
        }
        sort = { field: field as Field, order };
    }
    let offset = 0;
    let limit = DEFAULT_PAGE_SIZE;
    if (query.range) {
        const value = parseJson(query.range, 'range');
        const [start, end] = Array.isArray(value) ? value : [];
        if (
            !Number.isInteger(start) ||
            !Number.isInteger(end) ||
            start < 0 ||
            end < start ||
            end - start + 1 > MAX_PAGE_SIZE
        ) {
            throw badRequest(
                `range must be [start,end] with 0 <= start <= end and at most ${MAX_PAGE_SIZE} rows.`,
                [{ field: '/querystring/range', message: 'invalid range' }],
            );
        }
        offset = start;
        limit = end - start + 1;
    }
    const rawFilter = query.filter ? parseJson(query.filter, 'filter') : {};
    if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
        throw badRequest('filter must be a JSON object.', [
            { field: '/querystring/filter', message: 'must be an object' },
        ]);
    }
    return { sort, offset, limit, filter: parseFilter(rawFilter as Record<string, unknown>) };
}

/** `Content-Range: <resource> start-end/total` (end is inclusive; `*` when the page is empty). */
export function contentRange(
    resource: string,
    offset: number,
    count: number,
    total: number,
): string {
    return count === 0
        ? `${resource} */${total}`
        : `${resource} ${offset}-${offset + count - 1}/${total}`;
}

/** A simple-REST `filter` object checked against its schema; the first bad key is named (`/querystring/filter/<key>`). */
export function filterParser<T extends TSchema>(schema: T) {
    const validator = Compile(schema);
    return (raw: Record<string, unknown>): Static<T> => {
        // react-admin's getMany sends `{ id: [...] }`; a single id arrives as a string.
        const value = typeof raw.id === 'string' ? { ...raw, id: [raw.id] } : raw;
        if (validator.Check(value)) return value as Static<T>;
        const first = validator.Errors(value)[0];
        if (first) {
            const field =
                first.keyword === 'additionalProperties'
                    ? `/${String((first.params as { additionalProperties?: unknown }).additionalProperties ?? '')}`
                    : first.instancePath;
            throw badRequest(`filter${field} ${first.message}`, [
                { field: `/querystring/filter${field}`, message: first.message },
            ]);
        }
        return value as Static<T>;
    };
}
