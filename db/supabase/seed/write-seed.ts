// Writes db/supabase/seed.sql from the demo data: `npm run seed:generate -w @guia-fortim/db`.
import { writeFile } from 'node:fs/promises';
import { SEED_FILE } from '../src/migrate.ts';
import { buildSeedSql } from './seed-sql.ts';

await writeFile(SEED_FILE, buildSeedSql());
console.log(`Seed gravado em ${SEED_FILE.pathname}`);
