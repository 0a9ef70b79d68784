import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { languages, type Language } from '../../domain/enums.js';
import { mergeLocale } from '../../domain/localeFiles.js';
import type { LocaleDocument } from '../../domain/contracts/backoffice-actions.js';
import type { Queryable } from '../db/client.js';
import { localeOverrides } from '../db/schema/index.js';
import { ErrorEnvelope } from '../../domain/contracts/common.js';

/** A locale file as served: the text, its entity tag, and whether an uploaded file is in it. */
interface ServedLocale {
    text: string;
    etag: string;
    overridden: boolean;
}

interface LocaleTexts {
    /** The file of the build (`locales/<lng>.json`), read once per process: it never changes while running. */
    bundled(language: Language): Promise<LocaleDocument>;
    /** What `/locales/<lng>.json` serves: the uploaded file over the bundled one, else the bundled one. */
    served(db: Queryable, language: Language): Promise<ServedLocale>;
}

declare module 'fastify' {
    interface FastifyInstance {
        /** The UI texts per language (bundled files and uploaded replacements). */
        localeTexts: LocaleTexts;
    }
}

const etagOf = (text: string) =>
    `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match names this entity tag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((candidate) => {
        const tag = candidate.trim().replace(/^W\//, '');
        return tag === etag || tag === '*';
    });
}

/**
 * UI texts per language at `/locales/<lng>.json`: the file an admin uploaded (Backoffice actions,
 * table `locale_overrides`, laid over the bundled file so keys of a later release are never
 * missing), else the bundled file of `locales/`. Answers `no-cache` with an entity tag: the
 * browser revalidates on every page load (a 304 when nothing changed), so an upload shows on
 * the next load without a rebuild. The browser bundles English and falls back to it when a
 * file cannot be loaded.
 */
export default fp(
    async function locales(fastify: FastifyInstance, opts: { dir: string }) {
        const bundledFiles = new Map<Language, Promise<LocaleDocument>>();
        const bundled = (language: Language) => {
            let file = bundledFiles.get(language);
            if (!file) {
                file = readFile(resolve(opts.dir, `${language}.json`), 'utf8').then(
                    (text) => JSON.parse(text) as LocaleDocument,
                );
                file.catch(() => bundledFiles.delete(language));
                bundledFiles.set(language, file);
            }
            return file;
        };
        const served = async (db: Queryable, language: Language): Promise<ServedLocale> => {
            const [override] = await db
                .select({ document: localeOverrides.document })
                .from(localeOverrides)
                .where(eq(localeOverrides.language, language))
                .limit(1);
            const base = await bundled(language);
            const text = JSON.stringify(override ? mergeLocale(base, override.document) : base);
            return { text, etag: etagOf(text), overridden: override !== undefined };
        };
        fastify.decorate('localeTexts', { bundled, served } satisfies LocaleTexts);

        fastify.get(
            '/locales/:file',
            {
                schema: {
                    hide: true,
                    params: Type.Object({
                        file: Type.String({ pattern: `^(${languages.join('|')})\\.json$` }),
                    }),
                    response: { 304: Type.Null(), 404: ErrorEnvelope },
                },
            },
            async (request, reply) => {
                const { file } = request.params as { file: string };
                const language = file.slice(0, -'.json'.length) as Language;
                const { text, etag } = await served(fastify.db, language);
                reply.header('cache-control', 'no-cache').header('etag', etag);
                if (matches(request.headers['if-none-match'], etag))
                    return reply.code(304).send(null);
                return reply.type('application/json; charset=utf-8').send(text);
            },
        );
    },
    { name: 'locales', dependencies: ['database'] },
);
