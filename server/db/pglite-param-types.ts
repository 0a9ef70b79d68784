import type { PGlite } from '@electric-sql/pglite';

/** Statements whose parameter types are remembered at most (a statement's text is its key). */
const MAX_STATEMENTS = 5_000;

/**
 * Makes PGlite's parameterised queries cheaper: PGlite parses every such query with unknown
 * parameter types and lets PostgreSQL infer them each time (about a third of a short read's
 * cost, measured). This asks PostgreSQL once per statement text which types it infers
 * (`describeQuery`) and passes them with every later run, which gives the same types, so the
 * same values are sent. The statements of our queries are built once (prepared Drizzle queries
 * and fixed query shapes), so the map stays small; it is bounded all the same. Queries with
 * their own `paramTypes`, and queries inside transactions (they run on the transaction's
 * handle), are left as they are. Changes `client` in place and answers it.
 */
export function rememberParamTypes(client: PGlite): PGlite {
    const known = new Map<string, Promise<number[] | undefined>>();
    const query = client.query.bind(client);
    const typesOf = (statement: string): Promise<number[] | undefined> => {
        let types = known.get(statement);
        if (!types) {
            types = client.describeQuery(statement).then(
                (description) => description.queryParams.map((param) => param.dataTypeID),
                // An invalid statement fails in the query itself, with PostgreSQL's error.
                () => undefined,
            );
            if (known.size < MAX_STATEMENTS) known.set(statement, types);
        }
        return types;
    };
    client.query = (async (statement, params, options) => {
        if (!params?.length || options?.paramTypes) return query(statement, params, options);
        const paramTypes = await typesOf(statement);
        return query(statement, params, paramTypes ? { ...options, paramTypes } : options);
    }) as PGlite['query'];
    return client;
}
