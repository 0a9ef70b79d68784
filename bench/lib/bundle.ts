import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip size (level 9, as a server would send it) of one built file. */
export function gzipBytes(distDir: string, urlPath: string): number {
    return gzipSync(readFileSync(resolve(distDir, `.${urlPath}`)), { level: 9 }).length;
}

/** The entry chunk index.html loads, and the chunks it preloads, with their gzip sizes. */
export function entryChunks(distDir: string) {
    const html = readFileSync(resolve(distDir, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    if (!entry) throw new Error('no module entry in dist/index.html: run npm run build');
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
    );
    return {
        entry: { path: entry, gzipBytes: gzipBytes(distDir, entry) },
        preloads: preloads.map((path) => ({ path, gzipBytes: gzipBytes(distDir, path) })),
    };
}
