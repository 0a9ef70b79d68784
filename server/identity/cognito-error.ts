import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The error names this endpoint answers with; Amplify and the AWS SDK branch on them. */
export type CognitoErrorName =
    | 'InvalidParameterException'
    | 'NotAuthorizedException'
    | 'PasswordResetRequiredException'
    | 'ResourceNotFoundException'
    | 'UnknownOperationException'
    | 'UnsupportedTokenTypeException'
    | 'InternalErrorException'
    | 'CodeMismatchException'
    | 'ExpiredCodeException'
    | 'InvalidPasswordException'
    | 'LimitExceededException'
    | 'TooManyRequestsException'
    | 'EnableSoftwareTokenMFAException'
    | 'UsernameExistsException'
    | 'UserNotFoundException'
    | 'UnsupportedUserStateException'
    // SigV4 refusals of the admin API, as AWS JSON services name them.
    | 'MissingAuthenticationTokenException'
    | 'IncompleteSignatureException'
    | 'UnrecognizedClientException'
    | 'InvalidSignatureException';

/** A fault answered in Cognito's JSON 1.1 error envelope (always 400 unless it is ours). */
export class CognitoError extends Error {
    constructor(
        public readonly type: CognitoErrorName,
        message: string,
        public readonly statusCode = 400,
    ) {
        super(message);
        this.name = type;
    }
}

export const invalidParameter = (message: string) =>
    new CognitoError('InvalidParameterException', message);
export const notAuthorized = (message: string) =>
    new CognitoError('NotAuthorizedException', message);

/** Cognito's answer to an unknown, expired, used or foreign challenge Session. */
const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';
export const sessionExpired = () => notAuthorized(SESSION_EXPIRED);

export const AMZ_JSON = 'application/x-amz-json-1.1';

/** Maps any error raised inside the endpoint to the Cognito envelope; Fastify's own 4xx become InvalidParameterException. */
function toCognitoError(error: FastifyError | Error): CognitoError {
    if (error instanceof CognitoError) return error;
    // The verifier speaks the app's language; GetUser and GlobalSignOut answer its reason as Cognito does.
    if (error instanceof AppError && error.statusCode === 401) return notAuthorized(error.message);
    const status =
        'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return invalidParameter(error.message);
    return new CognitoError('InternalErrorException', 'An internal error occurred.', 500);
}

/** Error handler of the endpoint: status, `x-amzn-errortype` and `{__type, message}`, as Cognito answers. */
export function handleCognitoError(
    error: FastifyError | Error,
    request: FastifyRequest,
    reply: FastifyReply,
) {
    const answer = toCognitoError(error);
    if (answer.statusCode >= 500)
        request.log.error({ err: error, url: request.url }, 'identity request failed');
    else request.log.info({ type: answer.type }, 'identity request refused');
    return reply
        .status(answer.statusCode)
        .header('x-amzn-errortype', `${answer.type}:`)
        .header('cache-control', 'no-store')
        .type(AMZ_JSON)
        .send({ __type: answer.type, message: answer.message });
}
