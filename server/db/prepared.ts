import type { Queryable } from './client.js';

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
