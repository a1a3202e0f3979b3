// Worker entry: the Hono app and the Cron Trigger's handler (the photo sweep, scheduled.ts), the
// Durable Object that coalesces site rebuilds, the one that counts visitors' events and the one
// that keeps the sweep's resume point.
import { app } from './app.ts';
import type { Bindings } from './env.ts';
import { scheduled } from './scheduled.ts';

export { EventCounter } from './event-counter.ts';
export { Publisher } from './publisher.ts';
export { SweepCursor } from './scheduled.ts';

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Bindings>;
