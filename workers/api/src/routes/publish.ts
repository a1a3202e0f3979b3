// GET /api/publish: where the latest site rebuild stands (requested, building, live, failed).
import { Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { publisherStub } from '../publisher.ts';

export const publish = new Hono<AppEnv>().get('/', requireStaff, async (c) =>
  c.json(await publisherStub(c.env).state()),
);
