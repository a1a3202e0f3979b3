// The local stand-in for the production deploy hook: rebuilds the public site in the background
// into a fresh directory and swaps it in atomically. Requests that arrive during a build are
// coalesced into exactly one more build; a failed build leaves the previous site live, its short
// reason goes to the admin's publish indicator and its whole log to `last-build.log`. With a
// patcher, each save is first published as a copy of the live site with only the pages it changed
// rendered again (under a second, at any size), also while a whole build runs; the whole build
// still follows, stays the reference and brings what a patch leaves behind (search index, service
// worker). A build that ends after a patch goes live with that patch's pages rendered on it, never
// over it.
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
  /** Saves published by the patcher ahead of their build (only the pages they changed). */
  patches: number;
  /** Why the latest build failed, in a line (the log stays on this machine). */
  error: string | null;
};

/** Builds the site into `outDir`; `reason`: why it failed, in one line (shown to admins). */
export type BuildSite = (outDir: string) => Promise<{ ok: boolean; log: string; reason?: string }>;

/**
 * The fast way to publish a save, and the bridge from each whole build to what is live. Calls
 * are made one at a time, in order.
 */
export type PatchSite = {
  /** Before a whole build: notes the data it is about to read. */
  mark(): Promise<void>;
  /**
   * A save: writes into `outDir` a copy of the live site with the pages it changed rendered
   * again, and says whether it did (a change only a build publishes, or a patcher not made yet,
   * leaves it to the whole build).
   */
  patch(liveDir: string, outDir: string): Promise<{ patched: boolean }>;
  /**
   * After a whole build into `builtDir`, told whether a save was patched live since the mark:
   * what goes live. 'patched': `outDir`, the build with the pages changed since its mark
   * rendered again; 'built': the build as it is; 'kept': neither, for the build lacks a patched
   * save and cannot be brought up to it (the next build brings it).
   */
  settle(
    builtDir: string,
    outDir: string,
    patchedSinceMark: boolean,
  ): Promise<'patched' | 'built' | 'kept'>;
  /** Once a build is live: makes the patcher, again if the code changed. */
  prepare(): Promise<void>;
};

export class SiteBuilder implements BuildRunner {
  readonly #root: string;
  readonly #served: (dir: string) => Promise<void>;
  readonly #build: BuildSite;
  readonly #patch: PatchSite | undefined;
  readonly #keep: number;
  #running: Promise<void> | null = null;
  /** The patcher's calls and the swaps they lead to, one at a time, in order. */
  #steps: Promise<void> = Promise.resolve();
  #patchQueued = false;
  #names = 0;
  /** The whole build being written or settled (never pruned). */
  #building: string | null = null;
  /** The patches that had gone live at the mark of the build in progress. */
  #patchesAtMark = 0;
  #log = '';
  #status: SiteBuildStatus = {
    state: 'idle',
    pending: false,
    startedAt: null,
    finishedAt: null,
    liveSince: null,
    builds: 0,
    patches: 0,
    error: null,
  };
  readonly #listeners: ((event: BuildEvent) => void)[] = [];

  /** `root` holds `builds/<n>` and the `current` symlink to the live one. */
  constructor(
    root: string,
    build: BuildSite,
    options: {
      keep?: number;
      patch?: PatchSite;
      /** Resolves once the origin serves a build just swapped in (its directory). */
      served?: (dir: string) => Promise<void>;
    } = {},
  ) {
    this.#root = root;
    this.#served = options.served ?? (async () => {});
    this.#build = build;
    this.#patch = options.patch;
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

  /** Ask for a rebuild (and, with a patcher, a patch first); returns at once. */
  request(): SiteBuildStatus {
    if (this.#patch && this.liveDir()) this.#queuePatch();
    if (this.#running) this.#status.pending = true;
    else this.#running = this.#loop();
    return this.status();
  }

  /** Resolves when no build is running or queued. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Resolves when idle and every patch is done (the steady state). */
  async ready(): Promise<void> {
    for (;;) {
      await this.idle();
      const steps = this.#steps;
      await steps;
      if (!this.#running && steps === this.#steps) return;
    }
  }

  #step<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(task);
    this.#steps = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** One patch for the saves that came since the last one started. */
  #queuePatch() {
    if (this.#patchQueued) return;
    this.#patchQueued = true;
    void this.#step(async () => {
      this.#patchQueued = false;
      await this.#patchOnce();
    });
  }

  async #loop(): Promise<void> {
    try {
      do await this.#buildOnce();
      while (this.#status.pending);
    } finally {
      this.#running = null;
    }
  }

  async #patchOnce(): Promise<void> {
    const live = this.liveDir();
    if (!this.#patch || !live) return;
    const name = this.#newName('patch');
    const outDir = this.#dir(name);
    let patched = false;
    try {
      ({ patched } = await this.#patch.patch(live, outDir));
    } catch {
      // The whole build publishes the change.
    }
    if (!patched) {
      rmSync(outDir, { recursive: true, force: true });
      return;
    }
    await this.#swapIn(name);
    this.#status.patches++;
    this.#status.liveSince = new Date().toISOString();
    this.#prune(name);
  }

  async #buildOnce(): Promise<void> {
    const name = `${Date.now()}-${++this.#status.builds}`;
    const outDir = this.#dir(name);
    Object.assign(this.#status, {
      state: 'building',
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    this.#building = name;
    // After the patches asked before it: a request from here on may be missing from the data the
    // mark and the build read, and gets a build of its own.
    await this.#step(async () => {
      this.#status.pending = false;
      this.#emit({ kind: 'started' });
      this.#patchesAtMark = this.#status.patches;
      await this.#patch?.mark().catch(() => undefined);
    });
    let result: Awaited<ReturnType<BuildSite>>;
    try {
      result = await this.#build(outDir);
    } catch (error) {
      result = { ok: false, log: String(error), reason: String(error) };
    }
    this.#status.finishedAt = new Date().toISOString();
    this.#log = result.log.slice(-20_000);
    writeFileSync(join(this.#root, 'last-build.log'), this.#log);
    if (!result.ok) {
      this.#building = null;
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
    try {
      await this.#step(() => this.#settle(name));
    } finally {
      this.#building = null;
    }
    const patcher = this.#patch;
    if (patcher) void this.#step(() => patcher.prepare().catch(() => undefined));
  }

  /** Puts a finished build live: as it is, with the pages saved since, or not over a newer save. */
  async #settle(name: string): Promise<void> {
    const patched = this.#status.patches > this.#patchesAtMark;
    const caughtUp = this.#newName('settled');
    let goesLive: Awaited<ReturnType<PatchSite['settle']>> = 'built';
    if (this.#patch) {
      // A patcher that fails cannot tell what the build lacks: never over a patched save.
      goesLive = await this.#patch
        .settle(this.#dir(name), this.#dir(caughtUp), patched)
        .catch(() => (patched ? 'kept' : 'built'));
    }
    if (goesLive !== 'patched') rmSync(this.#dir(caughtUp), { recursive: true, force: true });
    if (goesLive === 'kept') {
      this.#status.pending = true;
      return;
    }
    const live = goesLive === 'patched' ? caughtUp : name;
    await this.#swapIn(live);
    Object.assign(this.#status, { state: 'live', error: null, liveSince: this.#status.finishedAt });
    this.#prune(live);
    this.#emit({ kind: 'stopped', outcome: 'success', log: this.#log });
  }

  #dir(name: string): string {
    return join(this.#root, 'builds', name);
  }

  /** A directory name under builds/: its time first (pruning keeps the newest), never reused. */
  #newName(kind: 'patch' | 'settled'): string {
    return `${Date.now()}-${this.#status.builds}-${++this.#names}-${kind}`;
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
