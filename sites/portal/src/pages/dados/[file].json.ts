// Static JSON read by the islands: each kind's listings after the first page, and the map's places.
import { LISTING_KINDS, type ListingKind } from '@guia-fortim/domain';
import type { APIRoute, GetStaticPaths } from 'astro';
import { allListings, listings } from '../../lib/content.ts';
import { LIST_FIRST_PAGE, remainingListingsPath, VIEW } from '../../lib/listing-view.ts';
import { MAP_PLACES_PATH, mapPlaces } from '../../lib/map-places.ts';

/** Each file's address and what it holds: a kind's listings after the first page, or the map's. */
const FILES = new Map<string, ListingKind | null>([
  ...LISTING_KINDS.map((kind) => [remainingListingsPath(kind), kind] as const),
  [MAP_PLACES_PATH, null],
]);
const address = (file: string | undefined) => `/dados/${file}.json`;

export const getStaticPaths = (() =>
  [...FILES.keys()].map((path) => ({
    params: { file: path.replace(/^\/dados\/(.*)\.json$/, '$1') },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const kind = FILES.get(address(params.file));
  if (kind === undefined) return new Response(null, { status: 404 });
  const body = kind
    ? (await listings(kind)).slice(LIST_FIRST_PAGE).map((row) => VIEW[kind](row as never))
    : mapPlaces(await allListings());
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
