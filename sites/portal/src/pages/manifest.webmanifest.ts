// The web app manifest: the portal can be installed on a phone's home screen and opens like an app.
import type { APIRoute } from 'astro';
import { settings as readSettings } from '../lib/content.ts';
import { ICON_BLUE } from '../lib/icon-blue.ts';

export const GET: APIRoute = async () => {
  const settings = await readSettings();
  const manifest = {
    id: '/',
    name: 'Guia Fortim',
    short_name: 'Guia Fortim',
    description: settings.site_description,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: ICON_BLUE,
    background_color: '#ffffff',
    categories: ['travel'],
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
};
