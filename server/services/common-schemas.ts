import { Type } from 'typebox';

/** The one error shape of every service (ARCHITECTURE.md). */
export const ErrorEnvelope = Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Array(
        Type.Object({
            field: Type.Optional(Type.String()),
            message: Type.String(),
            rule: Type.Optional(Type.String()),
            params: Type.Optional(
                Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
            ),
        }),
    ),
});

/** Responses every authenticated route can give besides its success. */
export const authErrors = {
    400: ErrorEnvelope,
    401: ErrorEnvelope,
    403: ErrorEnvelope,
} as const;

export const IdName = Type.Object({ id: Type.String(), name: Type.String() });

/** A scope path: dot-separated id segments, or empty. */
export const ScopePath = Type.String({
    pattern: '^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){0,4})?$',
    maxLength: 400,
});
