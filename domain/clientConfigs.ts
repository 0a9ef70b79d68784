/**
 * Client configurations shared by the server and the browser: the schema files (schemas/README.md),
 * the current schema version and the rules across fields (the shapes of the configuration calls
 * are in contracts/client-configs.ts).
 */

/** The schema files of one version: tenant client configuration, depot overrides, tour commander settings. */
export const configSchemaNames = ['tenant', 'depot', 'tour-commander'] as const;
export type ConfigSchemaName = (typeof configSchemaNames)[number];

/** The schema version the server validates against and the browser asks for. */
export const CONFIG_SCHEMA_VERSION = 'v1';

/** True when two JSON documents are equal (key order ignored). */
export function sameDocument(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((value, index) => sameDocument(value, b[index]));
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = Object.keys(left);
    return (
        keys.length === Object.keys(right).length &&
        keys.every((key) => Object.hasOwn(right, key) && sameDocument(left[key], right[key]))
    );
}

/**
 * Rules across fields that JSON Schema draft-07 cannot state, checked by the server after the
 * schema and by the form: the RTT "Medium" limit must lie above the "Good" one.
 */
export function configCrossFieldErrors(
    name: ConfigSchemaName,
    document: unknown,
): { field: string; message: string }[] {
    if (name !== 'tour-commander' || typeof document !== 'object' || document === null) return [];
    const rtt = (
        document as {
            rtt?: { goodMaxDeviationMinutes?: unknown; mediumMaxDeviationMinutes?: unknown };
        }
    ).rtt;
    const good = rtt?.goodMaxDeviationMinutes;
    const medium = rtt?.mediumMaxDeviationMinutes;
    if (typeof good === 'number' && typeof medium === 'number' && medium <= good) {
        return [
            {
                field: '/rtt/mediumMaxDeviationMinutes',
                message:
                    '/rtt/mediumMaxDeviationMinutes must be greater than /rtt/goodMaxDeviationMinutes',
            },
        ];
    }
    return [];
}
