import type { DemoLogin } from './demo/types.js';

export interface StartBannerInput {
    versionId: string;
    url: string;
    database: { driver: 'pglite' | 'postgres'; dataDir: string };
    /** The demo sign-ins whose password still works (none outside demo mode). */
    demoLogins: readonly DemoLogin[];
}

/** The text printed once the server listens: where it runs, its database and the demo sign-ins. */
export function startBanner(input: StartBannerInput): string {
    const lines = [`\nParcel back office ${input.versionId} is running at ${input.url}`];
    lines.push(
        input.database.driver === 'pglite'
            ? `Database: embedded PGlite in ${input.database.dataDir}`
            : 'Database: PostgreSQL (DATABASE_URL)',
    );
    const logins = input.demoLogins;
    if (logins.length > 0) {
        lines.push('\nDemo sign-ins (demo mode only; never created when NODE_ENV=production):');
        const roleWidth = Math.max(...logins.map((login) => login.role.length));
        const emailWidth = Math.max(...logins.map((login) => login.email.length));
        for (const login of logins)
            lines.push(
                `  ${login.role.padEnd(roleWidth)}  ${login.email.padEnd(emailWidth)}  ${login.password}`,
            );
    }
    return lines.join('\n') + '\n';
}
