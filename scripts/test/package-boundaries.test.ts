// The workspace packages import each other by name, through `exports`: no relative import leaves
// its package, every package a file imports by name is one its package.json declares, product code
// never reads the local stack's state (.data/), and the domain package depends on zod alone.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && existsSync(join(ROOT, file)));

type Manifest = { name?: string; dependencies?: object; devDependencies?: object };
const workspaces: string[] = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).workspaces;
const manifests = new Map<string, Manifest>(
  workspaces.map((dir) => [dir, JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'))]),
);

/** The workspace package a repository path belongs to ('.' for the root). */
function packageOf(path: string): string {
  return workspaces.find((dir) => path === dir || path.startsWith(`${dir}/`)) ?? '.';
}

// Static and dynamic imports, re-exports, and files located with `new URL('…', import.meta.url)`.
const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

function specifiers(source: string): string[] {
  return SPECIFIERS.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1] ?? ''),
  );
}

const sources = files.map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('package boundaries', () => {
  it('has the files to check', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(workspaces).toEqual(expect.arrayContaining(['db/domain', 'db/local', 'scripts']));
  });

  it('no relative import or file reference leaves its package', () => {
    const leaving = sources.flatMap(({ file, text }) => {
      const home = packageOf(file);
      return specifiers(text)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => {
          const target = normalize(join(dirname(file), spec));
          if (target.startsWith(`..${sep}`) || target === '..') return true;
          return packageOf(target.endsWith(sep) ? `${target}x` : target) !== home;
        })
        .map((spec) => `${file} → ${spec}`);
    });
    expect(leaving).toEqual([]);
  });

  it('every workspace package imported by name is declared in the importing package.json', () => {
    const names = new Set([...manifests.values()].map((m) => m.name));
    const undeclared = sources.flatMap(({ file, text }) => {
      const home = packageOf(file);
      const manifest = manifests.get(home);
      if (!manifest) return [];
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
      ]);
      return specifiers(text)
        .map((spec) => spec.split('/').slice(0, 2).join('/'))
        .filter((name) => names.has(name) && !declared.has(name))
        .map((name) => `${file} → ${name}`);
    });
    expect(undeclared).toEqual([]);
  });

  it('the site, the panel and the worker never read the local stack state (.data/)', () => {
    const product = [
      'sites/portal/src/',
      'sites/portal/astro.config.ts',
      'admin/src/',
      'workers/api/src/',
    ];
    const readers = sources
      .filter(({ file }) => product.some((path) => file.startsWith(path)))
      .filter(({ text }) => /['"`/]\.data\b/.test(text))
      .map(({ file }) => file);
    expect(readers).toEqual([]);
  });

  it('the domain package depends on zod alone', () => {
    const domain = manifests.get('db/domain');
    expect(domain?.name).toBe('@guia-fortim/domain');
    expect(Object.keys(domain?.dependencies ?? {})).toEqual(['zod']);
    const imported = sources
      .filter(({ file }) => file.startsWith('db/domain/src/'))
      .flatMap(({ text }) => specifiers(text))
      .filter((spec) => !spec.startsWith('.'));
    expect([...new Set(imported)]).toEqual(['zod']);
  });

  it('finds what it looks for (a leaving import, a .data read)', () => {
    const file = 'sites/portal/src/lib/example.ts';
    const target = normalize(join(dirname(file), '../../../../scripts/stack/site-worker.ts'));
    expect(packageOf(target)).toBe('scripts');
    expect(
      // Split so that this file's own scan does not read it as a reference.
      specifiers("import x from '../a.ts';\nconst u = new URL('../../b', import.meta" + '.url);'),
    ).toEqual(['../a.ts', '../../b']);
    expect(/['"`/]\.data\b/.test("new URL('../../../../.data/stack.json')")).toBe(true);
    expect(relative(ROOT, join(ROOT, 'db', 'domain'))).toBe(join('db', 'domain'));
  });
});
