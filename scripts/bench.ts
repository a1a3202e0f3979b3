// `npm run bench`: runs every package's benchmark one after another (they measure, they do not
// assert) and gathers their figures into one report, .data/bench/report.md and report.json, each
// figure beside its target and, where one was measured in the same run, its comparison point.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { type Row, SECTIONS } from './bench/sections.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, '.data', 'bench');
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const rows: Row[] = [];
const missing: string[] = [];
for (const section of SECTIONS) {
  if (only.length > 0 && !only.includes(section.id)) continue;
  console.log(`\n━━ ${section.title} ━━`);
  const run = spawnSync('npm', ['run', section.script, '-w', section.workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_DIR: out },
  });
  const file = join(out, section.file);
  if (run.status !== 0 || !existsSync(file)) {
    missing.push(`${section.title}: o benchmark falhou (código ${run.status})`);
    continue;
  }
  rows.push(...section.rows(JSON.parse(readFileSync(file, 'utf8')) as never));
}

const machine = `${cpus().length} núcleos, carga ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')}, Node ${process.version}`;
const table = [
  '| seção | medida | valor | meta | comparação |',
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.section} | ${r.figure} | ${r.value} | ${r.target ?? '—'} | ${r.comparison ?? '—'} |`,
  ),
].join('\n');
const report = `# Guia Fortim — relatório de desempenho

Medido em ${new Date().toISOString()} (${machine}).

${table}
${missing.length > 0 ? `\nNão medido:\n${missing.map((m) => `- ${m}`).join('\n')}\n` : ''}`;
writeFileSync(join(out, 'report.md'), report);
writeFileSync(
  join(out, 'report.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, rows, missing }, null, 2)}\n`,
);
console.log(`\n${report}\nRelatório: ${join(out, 'report.md')}`);
process.exit(missing.length > 0 ? 1 : 0);
