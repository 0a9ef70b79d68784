import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
    LanguageParams,
    LocaleDocument,
    TranslationStatus,
    TranslationStatusList,
} from '../../../../domain/contracts/backoffice-actions.js';
import { authErrors } from '../../../../domain/contracts/common.js';
import { requireAction } from '../../../access/route-access.js';
import { translationStatuses } from './translations-repository.js';
import { resetTranslation, updateTranslation } from './translation-writes.js';

const adminOnly = () => requireAction('admin', { context: 'admin' });
/** The English file is about 40 KB; a language with long texts stays far below this. */
const LOCALE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Translation update (admins only): a locale file uploaded for a language replaces the texts
 * served at `/locales/<lng>.json` (server/plugins/locales.ts) without a rebuild, until it is
 * reset. An upload must have exactly the keys of the bundled English file, non-empty texts and
 * the same `{{variables}}` per key (domain/localeFiles.ts); otherwise 400 LOCALE_KEYS_MISMATCH.
 */
export const translationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/backoffice-actions/translations',
        {
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary: 'Every UI language: bundled or updated (when, by whom)',
                response: { 200: TranslationStatusList, ...authErrors },
            },
        },
        async () => translationStatuses(fastify.db),
    );

    fastify.get(
        '/backoffice-actions/translations/:language',
        {
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary: 'The locale file of a language as served (download)',
                params: LanguageParams,
                response: { 200: LocaleDocument, ...authErrors },
            },
        },
        async (request, reply) => {
            const { language } = request.params;
            const { text } = await fastify.localeTexts.served(fastify.db, language);
            return (
                reply
                    .header('content-disposition', `attachment; filename="${language}.json"`)
                    .header('cache-control', 'no-store')
                    .type('application/json; charset=utf-8')
                    // Sent as the stored text (already JSON): no second serialisation.
                    .send(text as unknown as LocaleDocument)
            );
        },
    );

    fastify.put(
        '/backoffice-actions/translations/:language',
        {
            bodyLimit: LOCALE_BODY_LIMIT,
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary:
                    'Replaces the texts of a language (same keys and variables as English); served at once',
                params: LanguageParams,
                body: LocaleDocument,
                response: { 200: TranslationStatus, ...authErrors },
            },
        },
        async (request) =>
            updateTranslation(fastify, request, request.params.language, request.body),
    );

    fastify.delete(
        '/backoffice-actions/translations/:language',
        {
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary: 'Serves the bundled texts of a language again',
                params: LanguageParams,
                response: { 200: TranslationStatus, ...authErrors },
            },
        },
        async (request) => resetTranslation(fastify, request, request.params.language),
    );
};
