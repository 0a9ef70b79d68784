// `npm run dev`: the API server with reload (tsx watch) on API_PORT (default 8080) and the
// Vite dev server on http://127.0.0.1:5173 with hot reload, proxying API paths to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const env = {
    ...process.env,
    PORT: apiPort,
    API_PORT: apiPort,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${apiPort}`,
};
const children = [
    spawn(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
        { stdio: 'inherit', env },
    ),
    spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
    child.on('exit', (code) => {
        stop('SIGTERM');
        process.exit(code ?? 0);
    });
