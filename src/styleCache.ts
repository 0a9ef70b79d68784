import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The emotion cache for MUI with this page's CSP nonce: the server puts a fresh nonce into
 * `<meta property="csp-nonce">` (Vite emits it because `html.cspNonce` is set), and the
 * Content-Security-Policy only admits `<style>` elements that carry it.
 */
export function createStyleCache(doc: Document = document): EmotionCache {
    const nonce =
        doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
    return createCache({ key: 'css', nonce, prepend: true });
}
