import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, Queryable } from './client.js';

const statements = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * A query prepared once per database handle under `name` (`build` ends with drizzle's
 * `.prepare(name)`, given the name): its SQL text is built once instead of on every call, and PostgreSQL
 * servers parse and plan it once per connection. For queries whose shape never changes, with
 * `sql.placeholder` for every value. `name` must be unique across the server and `build` must
 * always build the same query for it.
 */
export function preparedStatement<T>(
    db: Queryable,
    name: string,
    build: (db: Queryable, name: string) => T,
): T {
    let byName = statements.get(db);
    if (!byName) {
        byName = new Map();
        statements.set(db, byName);
    }
    const known = byName.get(name);
    if (known !== undefined) return known as T;
    const statement = build(db, name);
    byName.set(name, statement);
    return statement;
}

/**
 * Runs a fixed statement (`text`, parameters `$1`…) on the database's own client, outside the
 * ORM: on PostgreSQL as the named prepared statement `name`, so each connection parses and
 * plans it once and only the parameters travel afterwards; on PGlite as is. For hot statements
 * of the high-rate paths. On the database handle only: a transaction's statements go through
 * the transaction.
 */
export async function executeNamed<Row extends Record<string, unknown>>(
    db: Database,
    name: string,
    text: string,
    params: unknown[],
): Promise<Row[]> {
    // Both drizzle drivers keep their client as `$client` (PGlite, or node-postgres' Pool).
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (client instanceof PGlite) return (await client.query<Row>(text, params)).rows;
    return (await client.query<Row>({ name, text, values: params })).rows;
}
