import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { loadLand } from '../../server/map/land.js';

const CONTENT_TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
};

/** Serves the built page and the map background routes the page asks for. */
export async function servePage(root: string): Promise<{ url: string; server: Server }> {
    const land = await loadLand();
    const noStreets = JSON.stringify({ type: 'FeatureCollection', features: [], truncated: false });
    const server = createServer((request, response) => {
        const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
        if (path === '/assets/map/land.json') {
            const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding']));
            response.writeHead(200, {
                'content-type': 'application/geo+json; charset=utf-8',
                ...(gzip ? { 'content-encoding': 'gzip' } : {}),
            });
            response.end(gzip ? land.gzip : land.identity);
            return;
        }
        if (path === '/assets/map/streets.json') {
            response.writeHead(200, { 'content-type': 'application/geo+json; charset=utf-8' });
            response.end(noStreets);
            return;
        }
        const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
        if (!file.startsWith(root + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
            response.writeHead(404).end();
            return;
        }
        response.writeHead(200, {
            'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(readFileSync(file));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no server address');
    return { url: `http://127.0.0.1:${address.port}`, server };
}
