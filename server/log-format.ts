/**
 * Readable log lines for a terminal: pino writes one JSON record per line; a person reading
 * the console wants time, level, message and the few fields that matter on one line, so the
 * start banner does not scroll away. Other outputs (files, pipes, log collectors) keep JSON.
 */

const LEVELS: Record<number, string> = {
    10: 'TRACE',
    20: 'DEBUG',
    30: 'INFO',
    40: 'WARN',
    50: 'ERROR',
    60: 'FATAL',
};

/** Fields every record carries that the line shows in its own place, or not at all. */
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err']);

interface LoggedError {
    type?: string;
    message?: string;
    stack?: string;
}

/** Where log records go: anything with `write`; `isTTY` when a person reads it. */
export interface LogOutput {
    write(text: string): unknown;
    isTTY?: boolean;
}

const clock = (time: unknown) => {
    const date = new Date(typeof time === 'number' ? time : Date.now());
    return date.toISOString().slice(11, 23);
};

const fieldValue = (value: unknown) =>
    typeof value === 'string' && value !== '' && !/[\s"=]/.test(value)
        ? value
        : JSON.stringify(value);

/**
 * One pino record as one line: `12:00:01.234 INFO  message key=value … [req-1]`; a request
 * line reads `GET /path 200 12 ms`. An error adds its type and message, and its stack on the
 * indented lines below.
 */
function formatLogLine(record: Record<string, unknown>): string {
    const level = (LEVELS[record.level as number] ?? String(record.level)).padEnd(5);
    const parts = [clock(record.time), level];
    const { method, url, statusCode, responseTimeMs, ...rest } = record;
    if (typeof method === 'string' && typeof url === 'string' && statusCode !== undefined)
        parts.push(`${method} ${url} ${String(statusCode)} ${String(responseTimeMs)} ms`);
    else if (typeof record.msg === 'string') parts.push(record.msg);
    for (const [key, value] of Object.entries(rest))
        if (!OMITTED.has(key) && value !== undefined) parts.push(`${key}=${fieldValue(value)}`);
    const err = record.err as LoggedError | undefined;
    if (err) parts.push(`${err.type ?? 'Error'}: ${err.message ?? ''}`);
    if (typeof record.reqId === 'string') parts.push(`[${record.reqId}]`);
    let line = parts.join(' ');
    const stack = err?.stack?.split('\n').slice(1);
    if (stack && stack.length > 0)
        line += `\n${stack.map((frame) => `    ${frame.trim()}`).join('\n')}`;
    return `${line}\n`;
}

/** A pino destination that writes each JSON record to `output` as a readable line. */
export function readableLogStream(output: LogOutput): LogOutput {
    return {
        write(text: string) {
            for (const json of text.split('\n')) {
                if (json === '') continue;
                let record: unknown;
                try {
                    record = JSON.parse(json);
                } catch {
                    output.write(`${json}\n`);
                    continue;
                }
                output.write(
                    record && typeof record === 'object'
                        ? formatLogLine(record as Record<string, unknown>)
                        : `${json}\n`,
                );
            }
            return true;
        },
    };
}
