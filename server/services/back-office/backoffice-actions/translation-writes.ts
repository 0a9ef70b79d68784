import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
    LocaleDocument,
    TranslationStatus,
} from '../../../../domain/contracts/backoffice-actions.js';
import type { Language } from '../../../../domain/enums.js';
import {
    changedLocaleTexts,
    compareLocaleFile,
    localeFileFits,
    localeProblemDetails,
    localeProblemSummary,
} from '../../../../domain/localeFiles.js';
import { badRequest } from '../../../errors.js';
import {
    deleteLocaleOverride,
    saveLocaleOverride,
    translationStatus,
} from './translations-repository.js';

/**
 * Replaces the texts of a language with an uploaded file, served at once. It must have exactly
 * the keys of the bundled English file, non-empty texts and the same `{{variables}}` per key
 * (400 LOCALE_KEYS_MISMATCH otherwise); the audit entry names the texts that changed.
 */
export async function updateTranslation(
    fastify: FastifyInstance,
    request: FastifyRequest,
    language: Language,
    document: LocaleDocument,
): Promise<TranslationStatus | undefined> {
    const problems = compareLocaleFile(await fastify.localeTexts.bundled('en'), document);
    if (!localeFileFits(problems))
        throw badRequest(
            localeProblemSummary(problems),
            localeProblemDetails(problems),
            'LOCALE_KEYS_MISMATCH',
        );
    const before = JSON.parse(
        (await fastify.localeTexts.served(fastify.db, language)).text,
    ) as LocaleDocument;
    await saveLocaleOverride(
        fastify.db,
        request,
        language,
        document,
        changedLocaleTexts(before, document),
    );
    return translationStatus(fastify.db, language);
}

/** Serves the bundled texts of a language again (nothing to do when none was uploaded). */
export async function resetTranslation(
    fastify: FastifyInstance,
    request: FastifyRequest,
    language: Language,
): Promise<TranslationStatus | undefined> {
    await deleteLocaleOverride(fastify.db, request, language);
    return translationStatus(fastify.db, language);
}
