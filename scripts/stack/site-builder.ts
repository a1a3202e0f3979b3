// The local stand-in for the production deploy hook: rebuilds the public site in the background
// into a fresh directory and swaps it in atomically. Requests that arrive during a build are
// coalesced into exactly one more build; a failed build leaves the previous site live, its short
// reason goes to the admin's publish indicator and its whole log to `last-build.log`. With a
// patcher, each round first swaps in a copy of the live site with only the changed pages rendered
// again (seconds sooner), then builds the whole site as before: the build stays the reference and
// brings what a patch leaves behind (search index, service worker).
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
 * The fast way to publish a save: `patch` writes into `outDir` a copy of the live site with only
 * the pages that changed rendered again, and says whether it did (a change it cannot publish so,
 * or a patcher not ready, leaves it to the whole build). `prepare` readies it, after a build.
 */
export type PatchSite = {
  prepare(): Promise<void>;
  patch(liveDir: string, outDir: string): Promise<{ patched: boolean }>;
};

export class SiteBuilder {
  readonly #root: string;
  readonly #build: BuildSite;
  readonly #patch: PatchSite | undefined;
  readonly #keep: number;
  #running: Promise<void> | null = null;
  #preparing: Promise<void> = Promise.resolve();
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

  /** `root` holds `builds/<n>` and the `current` symlink to the live one. */
  constructor(root: string, build: BuildSite, options: { keep?: number; patch?: PatchSite } = {}) {
    this.#root = root;
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

  /** Resolves when idle and the patcher is ready for the next save (the steady state). */
  async ready(): Promise<void> {
    await this.idle();
    await this.#preparing;
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#status.pending = false;
        const live = this.liveDir();
        if (this.#patch && live) {
          await this.#patchOnce(this.#patch, live);
          // A save during the patch is in the build's data (it reads after): no round of its own.
          this.#status.pending = false;
        }
        await this.#buildOnce();
      } while (this.#status.pending);
    } finally {
      this.#running = null;
    }
  }

  async #patchOnce(patcher: PatchSite, live: string): Promise<void> {
    const name = `${Date.now()}-${this.#status.builds}-patch`;
    const outDir = join(this.#root, 'builds', name);
    Object.assign(this.#status, {
      state: 'building',
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    let patched = false;
    try {
      ({ patched } = await patcher.patch(live, outDir));
    } catch {
      // The whole build that follows publishes the change.
    }
    if (!patched) {
      rmSync(outDir, { recursive: true, force: true });
      return;
    }
    this.#swapIn(name);
    this.#status.patches++;
    this.#status.liveSince = new Date().toISOString();
    this.#prune(name);
  }

  async #buildOnce(): Promise<void> {
    const name = `${Date.now()}-${++this.#status.builds}`;
    const outDir = join(this.#root, 'builds', name);
    Object.assign(this.#status, {
      state: 'building',
      startedAt: new Date().toISOString(),
      finishedAt: null,
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
      rmSync(outDir, { recursive: true, force: true });
      Object.assign(this.#status, {
        state: 'failed',
        error: result.reason ?? 'A publicação falhou.',
      });
      return;
    }
    this.#swapIn(name);
    Object.assign(this.#status, { state: 'live', error: null, liveSince: this.#status.finishedAt });
    this.#prune(name);
    if (this.#patch) this.#preparing = this.#patch.prepare();
  }

  /** rename(2) of a symlink over another is atomic: a request sees the old or the new site. */
  #swapIn(name: string) {
    const next = join(this.#root, `current.${name}`);
    symlinkSync(join('builds', name), next);
    renameSync(next, join(this.#root, 'current'));
  }

  #prune(live: string) {
    const builds = readdirSync(join(this.#root, 'builds'))
      .filter((b) => b !== live)
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
    for (const old of builds.slice(this.#keep - 1)) {
      rmSync(join(this.#root, 'builds', old), { recursive: true, force: true });
    }
  }
}
