// The Workers runtime's own module, for src/worker.ts (typed from @cloudflare/workers-types'
// importable declarations: its global ones would clash with the DOM's, which the pages use).
declare module 'cloudflare:workers' {
  import type { CloudflareWorkersModule } from '@cloudflare/workers-types';

  export const WorkerEntrypoint: typeof CloudflareWorkersModule.WorkerEntrypoint;
  export type WorkerEntrypoint<Env = unknown> = CloudflareWorkersModule.WorkerEntrypoint<Env>;
}
