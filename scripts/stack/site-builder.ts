// The local stand-in for Workers Builds' build runner: rebuilds the public site in the background
// into a fresh directory and swaps it in atomically. Requests that arrive during a build are
// coalesced into exactly one more build; a failed build leaves the previous site live, its short
// reason goes to the admin's publish indicator and its whole log to `last-build.log`. A save's own
// pages go live before the build, by the path production takes: the site Worker renders them
// (sites/portal/src/worker.ts), and a build serves its own pages only where they are newer.
import {
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BUILD_FAILED_MARK } from '@guia-fortim/domain';
import type { BuildEvent, BuildRunner } from './build-service.ts';

/**
 * What the local deploy hook answers (GET): the builds, not the worker's publish state
 * (PublishState in @guia-fortim/domain), which follows this from the other side.
 */
export type SiteBuildStatus = {
  state: 'idle' | 'building' | 'live' | 'failed';
  /** Builds requested and not yet started (0 or 1: requests during a build coalesce). */
  pending: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  liveSince: string | null;
  builds: number;
  /** Why the latest build failed, in a line (the log stays on this machine). */
  error: string | null;
};

/** Builds the site into `outDir`; `reason`: why it failed, in one line (shown to admins). */
export type BuildSite = (outDir: string) => Promise<{ ok: boolean; log: string; reason?: string }>;

export class SiteBuilder implements BuildRunner {
  readonly #root: string;
  readonly #served: (dir: string) => Promise<void>;
  readonly #build: BuildSite;
  readonly #keep: number;
  #running: Promise<void> | null = null;
  /** The build being written (never pruned). */
  #building: string | null = null;
  #log = '';
  #status: SiteBuildStatus = {
    state: 'idle',
    pending: false,
    startedAt: null,
    finishedAt: null,
    liveSince: null,
    builds: 0,
    error: null,
  };
  readonly #listeners: ((event: BuildEvent) => void)[] = [];

  /** `root` holds `builds/<n>` and the `current` symlink to the live one. */
  constructor(
    root: string,
    build: BuildSite,
    options: {
      keep?: number;
      /** Resolves once the origin serves a build just swapped in (its directory). */
      served?: (dir: string) => Promise<void>;
    } = {},
  ) {
    this.#root = root;
    this.#served = options.served ?? (async () => {});
    this.#build = build;
    this.#keep = options.keep ?? 2;
    mkdirSync(join(root, 'builds'), { recursive: true });
    if (this.liveDir()) this.#status.state = 'live';
  }

  /** The directory visitors are served from, or null before the first successful build. */
  liveDir(): string | null {
    try {
      return join(this.#root, readlinkSync(join(this.#root, 'current')));
    } catch {
      return null;
    }
  }

  status(): SiteBuildStatus {
    return { ...this.#status };
  }

  /** The builds as the build service reports them: each start, and each end that went live or failed. */
  subscribe(listener: (event: BuildEvent) => void): void {
    this.#listeners.push(listener);
  }

  #emit(event: BuildEvent) {
    for (const listener of this.#listeners) listener(event);
  }

  /** The latest build's whole output (also in `last-build.log`). */
  lastLog(): string {
    return this.#log;
  }

  /** Ask for a rebuild; returns at once. */
  request(): SiteBuildStatus {
    if (this.#running) this.#status.pending = true;
    else this.#running = this.#loop();
    return this.status();
  }

  /** Resolves when no build is running or queued. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #loop(): Promise<void> {
    try {
      do await this.#buildOnce();
      while (this.#status.pending);
    } finally {
      this.#running = null;
    }
  }

  async #buildOnce(): Promise<void> {
    const name = `${Date.now()}-${++this.#status.builds}`;
    const outDir = this.#dir(name);
    Object.assign(this.#status, {
      state: 'building',
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    // The requests made in the same turn as the one that started it are in this build (it reads
    // the data later); from here on a request may be missing from it, and gets a build of its own.
    await Promise.resolve();
    this.#status.pending = false;
    this.#building = name;
    this.#emit({ kind: 'started' });
    let result: Awaited<ReturnType<BuildSite>>;
    try {
      result = await this.#build(outDir);
    } catch (error) {
      result = { ok: false, log: String(error), reason: String(error) };
    }
    this.#status.finishedAt = new Date().toISOString();
    this.#log = result.log.slice(-20_000);
    writeFileSync(join(this.#root, 'last-build.log'), this.#log);
    try {
      if (!result.ok) {
        rmSync(outDir, { recursive: true, force: true });
        Object.assign(this.#status, {
          state: 'failed',
          error: result.reason ?? 'A publicação falhou.',
        });
        // The build command's last line names why, as in a Workers Builds log.
        this.#emit({
          kind: 'stopped',
          outcome: 'fail',
          log: `${this.#log}\n${BUILD_FAILED_MARK}${this.#status.error}`,
        });
        return;
      }
      await this.#swapIn(name);
    } finally {
      this.#building = null;
    }
    Object.assign(this.#status, { state: 'live', error: null, liveSince: this.#status.finishedAt });
    this.#prune(name);
    this.#emit({ kind: 'stopped', outcome: 'success', log: this.#log });
  }

  #dir(name: string): string {
    return join(this.#root, 'builds', name);
  }

  /**
   * rename(2) of a symlink over another is atomic: a request sees the old or the new site. The
   * build counts as live once the origin serves it.
   */
  async #swapIn(name: string) {
    const next = join(this.#root, `current.${name}`);
    symlinkSync(join('builds', name), next);
    renameSync(next, join(this.#root, 'current'));
    await this.#served(this.#dir(name));
  }

  #prune(live: string) {
    const builds = readdirSync(join(this.#root, 'builds'))
      .filter((b) => b !== live && b !== this.#building)
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
    for (const old of builds.slice(this.#keep - 1))
      rmSync(this.#dir(old), { recursive: true, force: true });
  }
}
