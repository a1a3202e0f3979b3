// Static JSON read by the islands: each kind's listings after the first page, and the map's places.
import { LISTING_KINDS, type ListingKind } from '@guia-fortim/domain';
import type { APIRoute, GetStaticPaths } from 'astro';
import { allListings, listings } from '../../lib/content.ts';
import { LIST_FIRST_PAGE, VIEW } from '../../lib/listing-view.ts';
import { mapPlaces } from '../../lib/map-places.ts';

export const getStaticPaths = (() => [
  ...LISTING_KINDS.map((kind) => ({ params: { file: `${kind}-restantes` }, props: { kind } })),
  { params: { file: 'mapa' }, props: { kind: null } },
]) satisfies GetStaticPaths;

export const GET: APIRoute<{ kind: ListingKind | null }> = async ({ props }) => {
  const { kind } = props;
  const body = kind
    ? (await listings(kind)).slice(LIST_FIRST_PAGE).map((row) => VIEW[kind](row as never))
    : mapPlaces(await allListings());
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
