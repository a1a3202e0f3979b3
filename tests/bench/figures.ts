// Where each benchmark leaves its figures for the root report (`npm run bench`): .data/bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BENCH_DIR =
  process.env.BENCH_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), '.data', 'bench');

export function writeFigures(file: string, figures: unknown): void {
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, file), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`Números em ${join(BENCH_DIR, file)}`);
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
