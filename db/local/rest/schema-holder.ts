// Holds the schema cache. It is read on first use and again when a request names a table or
// function it does not know (at most once a second, so misses cannot hammer the catalog), or
// when `reload()` is called after a migration.
import type { Database } from '../database.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

const MISS_RELOAD_INTERVAL_MS = 1_000;

export class SchemaHolder {
  readonly #db: Database;
  #current: Promise<SchemaCache> | undefined;
  #loadedAt = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  get(): Promise<SchemaCache> {
    return this.#current ?? this.reload();
  }

  reload(): Promise<SchemaCache> {
    this.#loadedAt = Date.now();
    const loading = loadSchemaCache(this.#db.sql);
    this.#current = loading;
    loading.catch(() => {
      if (this.#current === loading) this.#current = undefined;
    });
    return loading;
  }

  /** The cache, reloaded first if `has` says the wanted name is missing and the cache is old. */
  async lookup(has: (cache: SchemaCache) => boolean): Promise<SchemaCache> {
    const cache = await this.get();
    if (has(cache) || Date.now() - this.#loadedAt < MISS_RELOAD_INTERVAL_MS) return cache;
    return this.reload();
  }
}
