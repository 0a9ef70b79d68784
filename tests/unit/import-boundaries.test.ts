import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of ARCHITECTURE.md, checked on every import of the tree:
 * - `src/` (the browser) never imports from `server/`;
 * - `domain/` is pure: no `src/`, `server/` or `tests/`, and no package but TypeBox;
 * - a service (`server/services/<name>/`) imports no other service's files; code several
 *   services use lives outside `server/services/` (`server/shared/`, `server/access/`, ...);
 * - server code outside the services reaches a service only through its `index.ts` (the plugin).
 */
const root = normalize(join(import.meta.dirname, '../..'));
const domainPackages = ['typebox'];

/** Why `specifier`, imported by `file` (both relative to the repository root), breaks a rule; null when it does not. */
function violation(file: string, specifier: string): string | null {
    const relativeImport = specifier.startsWith('.');
    const target = relativeImport ? normalize(join(dirname(file), specifier)) : null;
    const area = file.split('/')[0];
    if (area === 'src' && target?.startsWith('server/')) return 'the browser imports server code';
    if (area === 'domain') {
        if (target === null) {
            const name = specifier.startsWith('@')
                ? specifier.split('/').slice(0, 2).join('/')
                : specifier.split('/')[0];
            return domainPackages.includes(name ?? '')
                ? null
                : `domain/ imports the package ${specifier}`;
        }
        if (!target.startsWith('domain/')) return `domain/ imports ${target}`;
        return null;
    }
    if (area !== 'server' || target === null || !target.startsWith('server/services/')) return null;
    const targetService = target.split('/')[2] ?? '';
    const isServiceFolder = target.split('/').length > 3;
    if (!isServiceFolder) return `${target} is a loose file among the services`;
    if (file.startsWith('server/services/')) {
        const ownService = file.split('/')[2];
        return ownService === targetService
            ? null
            : `service ${ownService} imports ${target} of service ${targetService}`;
    }
    const isPluginEntry = /^server\/services\/[^/]+\/index(\.js|\.ts)?$/.test(target);
    return isPluginEntry ? null : `${file} reaches into ${target} instead of the service's plugin`;
}

const importPattern =
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersOf(source: string): string[] {
    return [...source.matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? '');
}

function sourceFiles(dir: string): string[] {
    return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return sourceFiles(path);
        return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
    });
}

describe('import boundaries', () => {
    it('names each kind of crossing', () => {
        expect(violation('src/config.ts', '../server/config')).toMatch(/browser imports server/);
        expect(violation('src/a/b.ts', '../../domain/contracts/common')).toBeNull();
        expect(violation('domain/depots.ts', './contracts/depots.js')).toBeNull();
        expect(violation('domain/depots.ts', 'typebox')).toBeNull();
        expect(violation('domain/depots.ts', 'drizzle-orm')).toMatch(/package drizzle-orm/);
        expect(violation('domain/x.ts', '../server/errors.js')).toMatch(/domain\/ imports/);
        expect(violation('domain/x.ts', '../src/config')).toMatch(/domain\/ imports/);
        expect(
            violation('server/services/data-gateway/a.ts', '../api-access/machine-tokens.js'),
        ).toMatch(/service data-gateway imports/);
        expect(violation('server/services/back-office/users/a.ts', '../../common.js')).toMatch(
            /loose file/,
        );
        expect(violation('server/services/back-office/users/a.ts', '../roles/b.js')).toBeNull();
        expect(violation('server/services/configuration/a.ts', '../../shared/audit.js')).toBeNull();
        expect(violation('server/app.ts', './services/back-office/index.js')).toBeNull();
        expect(violation('server/plugins/x.ts', '../services/configuration/y.js')).toMatch(
            /instead of the service's plugin/,
        );
    });

    it('holds for every file of the tree', () => {
        const found = ['src', 'domain', 'server'].flatMap(sourceFiles).flatMap((file) =>
            specifiersOf(readFileSync(join(root, file), 'utf8'))
                .map((specifier) => violation(relative(root, join(root, file)), specifier))
                .filter((problem): problem is string => problem !== null)
                .map((problem) => `${file}: ${problem}`),
        );
        expect(found).toEqual([]);
    });
});
