/**
 * What of an error may reach the log. A failed statement's error carries the values it was
 * run with: Drizzle's `DrizzleQueryError` in its `params` and its message ("Failed query: …
 * params: …"), the PostgreSQL error in its `params`, its `detail` ("Key (email)=(…) already
 * exists", "Failing row contains (…)"), its `where` and even its message ("invalid input
 * syntax for type uuid: "…""). Those can be secrets' hashes, names, phones and addresses, so a
 * database error is logged by its class, SQLSTATE, the names of the objects involved and the
 * SQL text with its placeholders, never a value.
 */

/** Longer SQL (a bulk insert's placeholder list) is cut here. */
const MAX_QUERY_LENGTH = 2000;
/** How deep a chain of causes is followed. */
const MAX_CAUSES = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Fields of a PostgreSQL error that name schema objects, never values. */
const DATABASE_NAMES = ['schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

interface LoggedError {
    [key: string]: unknown;
    type: string;
    message: string;
    code?: string;
    statusCode?: number;
    severity?: string;
    schema?: string;
    table?: string;
    column?: string;
    dataType?: string;
    constraint?: string;
    routine?: string;
    query?: string;
    stack: string;
    cause?: LoggedError;
    errors?: LoggedError[];
}

type ErrorFields = Error & Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** An error PostgreSQL answered (node-postgres' DatabaseError, PGlite's): SQLSTATE and severity. */
function isDatabaseError(error: ErrorFields): boolean {
    return (
        typeof error.code === 'string' &&
        SQLSTATE.test(error.code) &&
        typeof error.severity === 'string'
    );
}

/** The SQL text of a failed statement (placeholders, no values), cut when long. */
function statementOf(error: ErrorFields): string | undefined {
    const query = text(error.query);
    if (!query || query.length <= MAX_QUERY_LENGTH) return query;
    return `${query.slice(0, MAX_QUERY_LENGTH)}… (${query.length - MAX_QUERY_LENGTH} more characters)`;
}

/** The stack's frames only: its first lines repeat the message. */
function framesOf(error: Error): string {
    return (error.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
}

/** The message, or in place of one that may quote a statement's values, what failed. */
function messageOf(error: ErrorFields, database: boolean): string {
    if (database)
        return `PostgreSQL error ${String(error.code)} (message withheld: it may quote values)`;
    if ('params' in error) return 'Failed query (message withheld: it quotes the values)';
    return error.message;
}

/** `outerQuery`: the statement a wrapping error already names (Drizzle's wrapper and its cause share it). */
function describe(error: ErrorFields, depth: number, outerQuery?: string): LoggedError {
    const database = isDatabaseError(error);
    const logged: LoggedError = {
        type: database ? 'DatabaseError' : error.constructor.name || error.name,
        message: messageOf(error, database),
        stack: framesOf(error),
    };
    if (typeof error.code === 'string') logged.code = error.code;
    if (typeof error.statusCode === 'number') logged.statusCode = error.statusCode;
    if (database) {
        logged.severity = text(error.severity);
        for (const name of DATABASE_NAMES) logged[name] = text(error[name]);
    }
    const query = statementOf(error);
    if (query !== outerQuery) logged.query = query;
    if (error.cause instanceof Error && depth < MAX_CAUSES)
        logged.cause = describe(error.cause as ErrorFields, depth + 1, query);
    if (Array.isArray(error.errors) && depth < MAX_CAUSES)
        logged.errors = error.errors
            .filter((item): item is Error => item instanceof Error)
            .map((item) => describe(item as ErrorFields, depth + 1));
    return logged;
}

/**
 * The log's `err` serializer (config.ts, loggerOptions): the error's class, message (unless it
 * may quote a statement's values), code, SQLSTATE and the names of the database objects, the
 * statement's SQL text, stack frames and causes. Anything that is not an Error is left as it is.
 */
export function errorForLog(error: Error): LoggedError {
    // Pino passes whatever is logged under `err`.
    if (!(error instanceof Error)) return error;
    return describe(error as ErrorFields, 0);
}
