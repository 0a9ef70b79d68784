import { timingSafeEqual } from 'node:crypto';
import { CognitoError } from './cognito-error.js';
import {
    computeSignature,
    headerValue,
    SIGV4_ALGORITHM as ALGORITHM,
    type SignedRequest,
} from './sigv4-signature.js';

export { computeSignature, type SignedRequest } from './sigv4-signature.js';

export interface SigV4Expectation {
    region: string;
    service: string;
    credentials: { accessKeyId: string; secretAccessKey: string };
    now: Date;
}

/** AWS refuses requests signed more than 15 minutes before or after its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** Headers a valid signature must cover: AWS requires host; we also require the date and the operation. */
const REQUIRED_SIGNED_HEADERS = ['host', 'x-amz-date', 'x-amz-target'];
const SIGNATURE_MISMATCH =
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

const refuse = (
    type:
        | 'MissingAuthenticationTokenException'
        | 'IncompleteSignatureException'
        | 'UnrecognizedClientException'
        | 'InvalidSignatureException',
    message: string,
) => new CognitoError(type, message);

/** Reads `x-amz-date` (YYYYMMDDTHHMMSSZ) as a Date, or undefined. */
function parseAmzDate(value: string): Date | undefined {
    const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
    if (!match) return undefined;
    const [, year, month, day, hour, minute, second] = match;
    const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
    return Number.isNaN(date.getTime()) ? undefined : date;
}

const compact = (date: Date) =>
    date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');

function parseAuthorization(header: string): {
    credential: string;
    signedHeaders: string[];
    signature: string;
} {
    if (!header.startsWith(`${ALGORITHM} `))
        throw refuse(
            'IncompleteSignatureException',
            `Unsupported authorization type: only ${ALGORITHM} is accepted.`,
        );
    const fields = new Map<string, string>();
    for (const part of header.slice(ALGORITHM.length + 1).split(',')) {
        const [name = '', value = ''] = part.trim().split(/=(.*)/s);
        fields.set(name, value);
    }
    const credential = fields.get('Credential');
    const signedHeaders = fields.get('SignedHeaders');
    const signature = fields.get('Signature');
    if (!credential || !signedHeaders || !signature) {
        throw refuse(
            'IncompleteSignatureException',
            "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters.",
        );
    }
    return { credential, signedHeaders: signedHeaders.split(';'), signature };
}

/**
 * Verifies an AWS Signature Version 4 (header form) the way AWS JSON services do, and returns
 * the access key id. Refusals carry AWS's error names (all HTTP 400 on cognito-idp):
 * MissingAuthenticationTokenException (no Authorization header), IncompleteSignatureException
 * (malformed header, missing X-Amz-Date), UnrecognizedClientException (unknown access key),
 * InvalidSignatureException (wrong scope, unsigned required header, date more than 15 minutes
 * off, signature mismatch; compared in constant time).
 */
export function verifySigV4(request: SignedRequest, expected: SigV4Expectation): string {
    const authorization = request.headers.authorization;
    if (!authorization)
        throw refuse('MissingAuthenticationTokenException', 'Missing Authentication Token');
    const { credential, signedHeaders, signature } = parseAuthorization(authorization);
    const amzDate = headerValue(request.headers, 'x-amz-date');
    const signedAt = parseAmzDate(amzDate);
    if (!signedAt)
        throw refuse(
            'IncompleteSignatureException',
            "Authorization header requires existence of a valid 'X-Amz-Date' header.",
        );

    const [accessKeyId, ...scopeParts] = credential.split('/');
    if (accessKeyId !== expected.credentials.accessKeyId)
        throw refuse(
            'UnrecognizedClientException',
            'The security token included in the request is invalid.',
        );
    const [date, region, service, terminator] = scopeParts;
    if (scopeParts.length !== 4 || date !== amzDate.slice(0, 8))
        throw refuse(
            'InvalidSignatureException',
            'Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP.',
        );
    if (region !== expected.region)
        throw refuse(
            'InvalidSignatureException',
            `Credential should be scoped to a valid region, not '${region}'.`,
        );
    if (service !== expected.service)
        throw refuse(
            'InvalidSignatureException',
            `Credential should be scoped to correct service: '${expected.service}'.`,
        );
    if (terminator !== 'aws4_request')
        throw refuse(
            'InvalidSignatureException',
            "Credential should be scoped with a valid terminator: 'aws4_request'.",
        );
    const sorted = [...signedHeaders].sort();
    if (
        sorted.join(';') !== signedHeaders.join(';') ||
        signedHeaders.some((name) => name !== name.toLowerCase())
    ) {
        throw refuse('InvalidSignatureException', 'SignedHeaders must be lower-case and sorted.');
    }
    const unsigned = REQUIRED_SIGNED_HEADERS.find((name) => !signedHeaders.includes(name));
    if (unsigned)
        throw refuse(
            'InvalidSignatureException',
            `'${unsigned}' must be a 'SignedHeader' in the AWS Authorization.`,
        );

    const skew = signedAt.getTime() - expected.now.getTime();
    if (skew < -MAX_CLOCK_SKEW_MS) {
        const limit = compact(new Date(expected.now.getTime() - MAX_CLOCK_SKEW_MS));
        throw refuse(
            'InvalidSignatureException',
            `Signature expired: ${amzDate} is now earlier than ${limit} (${compact(expected.now)} - 15 min.)`,
        );
    }
    if (skew > MAX_CLOCK_SKEW_MS) {
        const limit = compact(new Date(expected.now.getTime() + MAX_CLOCK_SKEW_MS));
        throw refuse(
            'InvalidSignatureException',
            `Signature not yet current: ${amzDate} is still later than ${limit} (${compact(expected.now)} + 15 min.)`,
        );
    }

    const scope = scopeParts.join('/');
    const computed = Buffer.from(
        computeSignature(
            request,
            signedHeaders,
            amzDate,
            scope,
            expected.credentials.secretAccessKey,
        ),
        'hex',
    );
    const given = /^[0-9a-f]{64}$/.test(signature)
        ? Buffer.from(signature, 'hex')
        : Buffer.alloc(computed.length);
    if (!timingSafeEqual(computed, given))
        throw refuse('InvalidSignatureException', SIGNATURE_MISMATCH);
    return accessKeyId;
}
