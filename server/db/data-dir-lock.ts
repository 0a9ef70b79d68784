import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file that marks an embedded database's data directory as taken, holding the owner's pid. */
export const DATA_DIR_LOCK_FILE = 'backoffice-server.lock';

/** Data directories this process holds. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        // EPERM: it runs under another user.
        return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
}

/**
 * Takes an embedded (PGlite) data directory for this process, or refuses with an error naming
 * the process that holds it. Two servers on one directory each write their own pages into it
 * and leave a database neither can open again; PGlite itself does not check. A lock left by a
 * process that no longer runs (a crash, a kill) is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
    const dir = resolve(dataDir);
    const path = join(dir, DATA_DIR_LOCK_FILE);
    if (held.has(dir))
        throw new Error(`The data directory ${dir} is already open in this process.`);
    try {
        writeFileSync(path, String(process.pid), { flag: 'wx' });
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
        if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner))
            throw new Error(
                `The data directory ${dir} is in use by another server (process ${owner}). ` +
                    `Stop that server first; if none is running, delete ${path}.`,
            );
        writeFileSync(path, String(process.pid));
    }
    held.add(dir);
    return () => {
        if (!held.delete(dir)) return;
        try {
            if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch {
            // Already gone (the directory was removed): nothing to release.
        }
    };
}
