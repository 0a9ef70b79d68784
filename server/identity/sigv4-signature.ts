import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What the signature covers, as received. */
export interface SignedRequest {
    method: string;
    /** Path and query exactly as on the wire. */
    url: string;
    headers: IncomingHttpHeaders;
    body: Buffer;
}

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
    createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as the AWS SDK's escapeUri. */
function escapeUri(value: string): string {
    return encodeURIComponent(value).replace(
        /[!'()*]/g,
        (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
    );
}

/** SigV4 canonical URI for non-S3 services: normalised, then encoded once more (the wire path is already encoded once). */
function canonicalPath(path: string): string {
    const segments: string[] = [];
    for (const segment of path.split('/')) {
        if (segment === '' || segment === '.') continue;
        if (segment === '..') segments.pop();
        else segments.push(segment);
    }
    const normalized = `/${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
    return escapeUri(normalized).replace(/%2F/g, '/');
}

function safeDecode(value: string): string {
    try {
        return decodeURIComponent(value);
    } catch {
        return value;
    }
}

function canonicalQuery(query: string): string {
    if (!query) return '';
    return query
        .split('&')
        .filter(Boolean)
        .map((pair) => {
            const [key = '', value = ''] = pair.split(/=(.*)/s);
            return [escapeUri(safeDecode(key)), escapeUri(safeDecode(value))] as const;
        })
        .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
        .map(([key, value]) => `${key}=${value}`)
        .join('&');
}

/** A header's canonical value: multiple values joined by commas, trimmed, inner whitespace collapsed. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string {
    const value = headers[name];
    const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
    return joined.trim().replace(/\s+/g, ' ');
}

/** The signature of a request under a secret key; exported for the unit tests' known-answer checks. */
export function computeSignature(
    request: SignedRequest,
    signedHeaders: string[],
    amzDate: string,
    scope: string,
    secretAccessKey: string,
): string {
    const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
    const canonicalRequest = [
        request.method.toUpperCase(),
        canonicalPath(path),
        canonicalQuery(query),
        signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
        signedHeaders.join(';'),
        sha256Hex(request.body),
    ].join('\n');
    const stringToSign = [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const [date = '', region = '', service = '', terminator = ''] = scope.split('/');
    const signingKey = hmac(
        hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service),
        terminator,
    );
    return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}
