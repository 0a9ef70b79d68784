import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock.js';

/**
 * One server per embedded data directory (server/db/data-dir-lock.ts): a second one is refused
 * with the owner's process named, and a lock whose process is gone is taken over.
 */

const dirs: string[] = [];
const releases: (() => void)[] = [];
afterEach(() => {
    for (const release of releases.splice(0)) release();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
    dirs.push(dir);
    return dir;
}

const lockPath = (dir: string) => join(dir, DATA_DIR_LOCK_FILE);

describe('lockDataDir', () => {
    it('marks the directory with this process, refuses a second open here, and releases', () => {
        const dir = dataDir();
        const release = lockDataDir(dir);
        expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
        expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
        release();
        expect(existsSync(lockPath(dir))).toBe(false);
        releases.push(lockDataDir(dir));
    });

    it('refuses a directory another running process holds, naming it', async () => {
        const dir = dataDir();
        const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
        try {
            writeFileSync(lockPath(dir), String(other.pid));
            expect(() => lockDataDir(dir)).toThrow(
                new RegExp(`in use by another server \\(process ${other.pid}\\)`),
            );
            // Nothing taken: the other process's mark stays.
            expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(other.pid));
        } finally {
            other.kill();
        }
    });

    it('takes over a lock whose process no longer runs', () => {
        const dir = dataDir();
        const gone = spawnSync(process.execPath, [
            '-e',
            'process.stdout.write(String(process.pid))',
        ]);
        writeFileSync(lockPath(dir), gone.stdout.toString());
        releases.push(lockDataDir(dir));
        expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
    });
});
