// Worker entry: the Hono app and the Durable Object that coalesces site rebuilds.
import { app } from './app.ts';

export { Publisher } from './publisher.ts';
export default app;
