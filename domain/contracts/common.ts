/**
 * Wire shapes every service shares: the error envelope, id-name pairs, scope paths and the
 * react-admin simple REST list parameters. Declared once here as TypeBox schemas; server
 * routes validate with them, everything else uses `Static<typeof X>`.
 */
import { Type, type Static, type TSchema } from 'typebox';

export const ErrorDetail = Type.Object({
    field: Type.Optional(
        Type.String({
            description: 'Where the fault is: a field path (`/body/email`) or a row (`row 12`)',
        }),
    ),
    message: Type.String({ description: 'English text, shown as is when `rule` is unknown' }),
    rule: Type.Optional(
        Type.String({ description: 'Machine-readable reason the client translates' }),
    ),
    params: Type.Optional(
        Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
            description: 'Values the translated text of `rule` fills in',
        }),
    ),
});
export type ErrorDetail = Static<typeof ErrorDetail>;

/** The one error shape of every service (ARCHITECTURE.md). */
export const ErrorEnvelope = Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Array(ErrorDetail),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** Responses every authenticated route can give besides its success. */
export const authErrors = {
    400: ErrorEnvelope,
    401: ErrorEnvelope,
    403: ErrorEnvelope,
} as const;

export const IdName = Type.Object({ id: Type.String(), name: Type.String() });
export type IdName = Static<typeof IdName>;

/** A scope path: dot-separated id segments, or empty. */
export const ScopePath = Type.String({
    pattern: '^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){0,4})?$',
    maxLength: 400,
});

/**
 * The react-admin simple REST list contract (`?sort=["field","ASC"]&range=[0,24]&filter={...}`,
 * answered with an array and `Content-Range`), so the browser can use ra-data-simple-rest as is.
 */
export const SimpleRestQuery = Type.Object({
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type SimpleRestQuery = Static<typeof SimpleRestQuery>;

/** A page of a list the spec defines with 0-based pages (ARCHITECTURE.md, Services). */
export const pageOf = <T extends TSchema>(item: T) =>
    Type.Object({
        content: Type.Array(item),
        totalElements: Type.Integer({ minimum: 0 }),
        totalPages: Type.Integer({ minimum: 0 }),
        size: Type.Integer({ minimum: 1 }),
        /** 0-based page number. */
        number: Type.Integer({ minimum: 0 }),
    });
/** A page of `T` (the shape of `pageOf`). */
export type Page<T> = Omit<Static<ReturnType<typeof pageOf>>, 'content'> & { content: T[] };
