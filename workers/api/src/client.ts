// The worker's typed client (Hono's `hc`), for the panel: a route's path, parameters and body are
// defined once, by the route, and a call that does not match them does not compile. Only the
// type of the app crosses into the panel's bundle; `hono/client` is a small fetch wrapper.
import { hc } from 'hono/client';
import type { AppType } from './app.ts';

export type ApiClient = ReturnType<typeof hc<AppType>>;

export const apiClient = (...args: Parameters<typeof hc>): ApiClient => hc<AppType>(...args);
