import type { APIRoute } from 'astro';
import { iconPng } from '../lib/site-icon.ts';

export const GET: APIRoute = () => iconPng(512);
