import type { APIRoute } from 'astro';
import { iconPng } from '../lib/site-icon.ts';

// The installed app's icons (manifest.webmanifest).
export const GET: APIRoute = () => iconPng(192);
