// PGlite's initdb takes seconds; loading a dump of a freshly initialized cluster takes a fraction
// of that. In-memory databases (tests) therefore start from a dump of an empty cluster,
// made once per PGlite version and kept in the system's temporary directory.
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const pgliteVersion: string = JSON.parse(
  readFileSync(
    join(fileURLToPath(import.meta.resolve('@electric-sql/pglite')), '../../package.json'),
    'utf8',
  ),
).version;

let template: Promise<Blob> | undefined;

export function loadInitdbTemplate(): Promise<Blob> {
  template ??= readOrCreate().catch((error) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function readOrCreate(): Promise<Blob> {
  const file = join(tmpdir(), `guia-fortim-pglite-${pgliteVersion}-initdb.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const fresh = new PGlite();
    await fresh.waitReady;
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    // Written under a unique name and renamed, so concurrent test workers never read half a file.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}
