import type { APIRoute } from 'astro';
import { iconPng } from '../lib/site-icon.ts';

// The icon a phone puts on its home screen when the visitor saves the site.
export const GET: APIRoute = () => iconPng(180, { opaque: true });
