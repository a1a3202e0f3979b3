// Site rebuilds, coalesced, and followed to their end. The first content change of a burst sets an
// alarm COALESCE_MS ahead; when it fires, the deploy hook (Workers Builds) is called once for
// everything changed so far and answers the build's uuid. Changes made while a build runs call the
// hook again after their own burst: Workers Builds queues one build after the running one and
// answers further calls with that same queued build until it starts, so a burst during a build
// costs one follow-up build, never one each. The Publisher follows the newest build through
// Cloudflare's builds API until it stops: live, or failed with the reason its log gives (the live
// site stays as it was). The request path never waits for any of this (the worker calls
// `request()` inside waitUntil).

import { DurableObject } from 'cloudflare:workers';
import type { PublishState } from '@guia-fortim/domain';
import { buildStatus, failureReason, triggerBuild } from './builds.ts';
import type { Bindings } from './env.ts';
import { BUILD_TIMEOUT_MS, COALESCE_MS, pollDelay } from './publish-timing.ts';

type Stored = PublishState & {
  /** When the burst of changes not yet sent began (ms). */
  burstAt: number | null;
  /** The newest build asked for, followed until it stops. */
  build: string | null;
  /** Its status reads so far (a long build is polled less often). */
  polls: number;
};

const INITIAL: Stored = {
  state: 'idle',
  requestedAt: null,
  startedAt: null,
  finishedAt: null,
  error: null,
  pending: false,
  hookCalls: 0,
  burstAt: null,
  build: null,
  polls: 0,
};

export class Publisher extends DurableObject<Bindings> {
  private async load(): Promise<Stored> {
    return { ...INITIAL, ...(await this.ctx.storage.get<Stored>('state')) };
  }

  private async save(state: Stored): Promise<void> {
    await this.ctx.storage.put('state', state);
  }

  async state(): Promise<PublishState> {
    const { burstAt: _, build: __, polls: ___, ...state } = await this.load();
    return state;
  }

  /** A content change: a rebuild is wanted. */
  async request(): Promise<PublishState> {
    const state = await this.load();
    state.requestedAt = new Date().toISOString();
    if (!state.pending) state.burstAt = Date.now();
    state.pending = true;
    if (state.state !== 'building') state.state = 'requested';
    await this.save(state);
    const due = (state.burstAt ?? Date.now()) + COALESCE_MS;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > due) await this.ctx.storage.setAlarm(due);
    return this.state();
  }

  override async alarm(): Promise<void> {
    let state = await this.load();
    if (state.pending && Date.now() >= (state.burstAt ?? 0) + COALESCE_MS) {
      state = await this.callHook(state);
    } else if (state.build) {
      state = await this.followBuild(state);
    }
    // The next step: the pending burst's call, or the followed build's next poll.
    const next = [
      state.pending ? (state.burstAt ?? Date.now()) + COALESCE_MS : Number.POSITIVE_INFINITY,
      state.build ? Date.now() + pollDelay(state.polls) : Number.POSITIVE_INFINITY,
    ];
    const at = Math.min(...next);
    if (Number.isFinite(at)) await this.ctx.storage.setAlarm(at);
  }

  private async callHook(state: Stored): Promise<Stored> {
    // Changes arriving while the hook answers start the next burst.
    Object.assign(state, { pending: false, burstAt: null, hookCalls: state.hookCalls + 1 });
    await this.save(state);
    const called = await triggerBuild(this.env);
    const latest = await this.load();
    if ('error' in called) {
      Object.assign(latest, {
        state: 'failed',
        build: null,
        error: called.error,
        finishedAt: new Date().toISOString(),
      });
    } else {
      if (latest.state !== 'building') {
        Object.assign(latest, {
          state: 'building',
          startedAt: new Date().toISOString(),
          finishedAt: null,
          error: null,
        });
      }
      if (latest.build !== called.uuid) Object.assign(latest, { build: called.uuid, polls: 0 });
    }
    await this.save(latest);
    return latest;
  }

  private async followBuild(state: Stored): Promise<Stored> {
    const uuid = state.build as string;
    const status = await buildStatus(this.env, uuid);
    const reason =
      status?.done && !status.ok ? await failureReason(this.env, uuid, status.outcome) : null;
    const latest = await this.load();
    // A newer build was asked for meanwhile: that one is followed from now on.
    if (latest.build !== uuid) return latest;
    if (!status?.done) {
      const startedAt = Date.parse(latest.startedAt ?? '') || Date.now();
      if (Date.now() - startedAt < BUILD_TIMEOUT_MS) {
        latest.polls += 1;
        await this.save(latest);
        return latest;
      }
      Object.assign(latest, { state: 'failed', error: 'A publicação demorou demais.' });
    } else {
      Object.assign(latest, { state: status.ok ? 'live' : 'failed', error: reason });
    }
    Object.assign(latest, { build: null, finishedAt: new Date().toISOString() });
    await this.save(latest);
    return latest;
  }
}

export function publisherStub(env: Bindings) {
  return env.PUBLISHER.get(env.PUBLISHER.idFromName('site'));
}
