// `node --import tsx bench/users-list.ts`: only the back-office user list measurement of
// `npm run bench` (50,000 users; PostgreSQL from BENCH_DATABASE_URL or a throwaway cluster), written to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { measureUsersList } from './lib/users-list.js';

const results = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    usersList: await measureUsersList(),
};
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/users-list-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
const text = JSON.stringify(results, null, 2);
writeFileSync(file, text);
console.log(text);
console.log(`bench: written to ${file}`);
