// Site rebuilds, coalesced: the first content change of a burst sets an alarm COALESCE_MS ahead;
// when it fires, the deploy hook is POSTed once for everything changed so far. Changes made while
// that build runs cause at most one follow-up call once it finishes, unless the hook says it takes
// calls during a build (the local stack's: it publishes a save at once and queues its own builds),
// which then gets each burst as it comes. The request path never waits for any of this (the
// worker calls `request()` inside waitUntil).

import { DurableObject } from 'cloudflare:workers';
import type { PublishState } from '@guia-fortim/domain';
import type { Bindings } from './env.ts';
import { BUILD_TIMEOUT_MS, COALESCE_MS, HOOK_TIMEOUT_MS, POLL_MS } from './publish-timing.ts';

type Stored = PublishState & {
  /** The hook reports its build status on GET, so we follow the build to its end. */
  tracking: boolean;
  /** The hook said it takes calls during a build (`takesCallsWhileBuilding` in its status). */
  hookTakesCalls: boolean;
};

const INITIAL: Stored = {
  state: 'idle',
  requestedAt: null,
  startedAt: null,
  finishedAt: null,
  error: null,
  pending: false,
  hookCalls: 0,
  tracking: false,
  hookTakesCalls: false,
};

type HookStatus = {
  state: 'building' | 'live' | 'failed';
  finishedAt?: string;
  error?: string;
  takesCalls: boolean;
};

function parseHookStatus(value: unknown): HookStatus | null {
  if (!value || typeof value !== 'object') return null;
  const status = value as Record<string, unknown>;
  if (status.state !== 'building' && status.state !== 'live' && status.state !== 'failed') {
    return null;
  }
  return {
    // A build the hook has queued is still to come.
    state: status.pending === true ? 'building' : status.state,
    finishedAt: typeof status.finishedAt === 'string' ? status.finishedAt : undefined,
    error: typeof status.error === 'string' ? status.error.slice(0, 500) : undefined,
    takesCalls: status.takesCallsWhileBuilding === true,
  };
}

export class Publisher extends DurableObject<Bindings> {
  private async load(): Promise<Stored> {
    return { ...INITIAL, ...(await this.ctx.storage.get<Stored>('state')) };
  }

  private async save(state: Stored): Promise<void> {
    await this.ctx.storage.put('state', state);
  }

  async state(): Promise<PublishState> {
    const { tracking: _, hookTakesCalls: __, ...state } = await this.load();
    return state;
  }

  /** A content change: a rebuild is wanted. */
  async request(): Promise<PublishState> {
    const state = await this.load();
    state.requestedAt = new Date().toISOString();
    const firstOfBurst = !state.pending;
    state.pending = true;
    const building = state.state === 'building' && state.tracking;
    if (!building) state.state = 'requested';
    await this.save(state);
    if (building) {
      // The burst's call COALESCE_MS from its first change; the build's next poll waits for it.
      if (state.hookTakesCalls && firstOfBurst) {
        await this.ctx.storage.setAlarm(Date.now() + COALESCE_MS);
      }
    } else if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + COALESCE_MS);
    }
    return this.state();
  }

  override async alarm(): Promise<void> {
    const state = await this.load();
    const building = state.state === 'building' && state.tracking;
    if (state.pending && (!building || state.hookTakesCalls)) {
      await this.callHook(state);
    } else if (building) {
      await this.followBuild();
    }
  }

  private async callHook(state: Stored): Promise<void> {
    // Saved before the call: changes arriving meanwhile set `pending` again for a follow-up.
    Object.assign(state, {
      state: 'building',
      tracking: true,
      pending: false,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      hookCalls: state.hookCalls + 1,
    });
    await this.save(state);
    let error: string | null = null;
    try {
      const response = await fetch(this.env.DEPLOY_HOOK_URL, {
        method: 'POST',
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) error = `O gancho de publicação respondeu ${response.status}.`;
    } catch {
      error = 'O gancho de publicação não respondeu.';
    }
    const latest = await this.load();
    if (error) {
      Object.assign(latest, {
        state: 'failed',
        tracking: false,
        error,
        finishedAt: new Date().toISOString(),
      });
      await this.save(latest);
      if (latest.pending) await this.ctx.storage.setAlarm(Date.now() + COALESCE_MS);
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + POLL_MS);
  }

  private async followBuild(): Promise<void> {
    let status: HookStatus | null = null;
    try {
      const response = await fetch(this.env.DEPLOY_HOOK_URL, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      status = response.ok ? parseHookStatus(await response.json()) : null;
      if (!response.bodyUsed) await response.body?.cancel();
    } catch {
      status = null;
    }
    const latest = await this.load();
    latest.hookTakesCalls = status?.takesCalls ?? false;
    if (status === null) {
      // A hook without a status endpoint (e.g. a Cloudflare Pages deploy hook): the build was
      // accepted; its end cannot be observed, so pending changes go out right away.
      latest.tracking = false;
    } else if (status.state === 'building') {
      const startedAt = Date.parse(latest.startedAt ?? '') || Date.now();
      if (Date.now() - startedAt < BUILD_TIMEOUT_MS) {
        await this.save(latest);
        await this.ctx.storage.setAlarm(Date.now() + POLL_MS);
        return;
      }
      Object.assign(latest, {
        state: 'failed',
        tracking: false,
        error: 'A publicação demorou demais.',
        finishedAt: new Date().toISOString(),
      });
    } else {
      Object.assign(latest, {
        state: status.state,
        tracking: false,
        error: status.state === 'failed' ? (status.error ?? 'A publicação falhou.') : null,
        finishedAt: status.finishedAt ?? new Date().toISOString(),
      });
    }
    await this.save(latest);
    if (latest.pending) await this.ctx.storage.setAlarm(Date.now() + COALESCE_MS);
  }
}

export function publisherStub(env: Bindings) {
  return env.PUBLISHER.get(env.PUBLISHER.idFromName('site'));
}
