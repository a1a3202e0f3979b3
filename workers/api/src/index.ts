// Worker entry: the Hono app, the Durable Object that coalesces site rebuilds and the one that
// counts visitors' events.
import { app } from './app.ts';

export { EventCounter } from './event-counter.ts';
export { Publisher } from './publisher.ts';
export default app;
