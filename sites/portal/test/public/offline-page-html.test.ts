// What the service worker reads in a page's HTML to keep ahead what the page leads to: the listing
// pages it links, the photos it draws and, on a listing page, every photo of its gallery, which
// the phone's carousel draws one at a time (src/offline/page-html.ts).
import { describe, expect, it } from 'vitest';
import {
  GALLERY_ATTRIBUTE,
  galleryPhotos,
  linkedListingPages,
  photoSources,
} from '../../src/offline/page-html.ts';

describe('a page as the service worker reads it', () => {
  it('links its listing pages once each, and nothing else', () => {
    const html = `<a href="/hospedagem/casa-azul">Casa</a><a href="/hospedagem/casa-azul">de novo</a>
      <a href="/comercio/cafe?x=1">Café</a><a href="/passeios/barco">Barco</a>
      <a href="/hospedagem">Lista</a><a href="/mapa">Mapa</a>`;
    // A listing page's own address has no query.
    expect(linkedListingPages(html)).toEqual(['/hospedagem/casa-azul', '/passeios/barco']);
  });

  it('draws its photos once each, as Astro escapes their addresses', () => {
    const html = `<img alt="" src="/f/a_mf-card.jpg?v=1&amp;w=2"><img loading="lazy" src="/f/b-card.jpg">
      <img src="/f/b-card.jpg"><source srcset="/f/c.avif">`;
    expect(photoSources(html)).toEqual(['/f/a_mf-card.jpg?v=1&w=2', '/f/b-card.jpg']);
  });

  it("names every photo of a listing page's gallery, as Astro writes the attribute", () => {
    const photos = ['https://fotos.example/h/a_mf-hero.jpg', '/demo/x/casa-2-hero.jpg?a=1&b="2"'];
    const escaped = JSON.stringify(photos).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    expect(galleryPhotos(`<div data-pagefind-ignore ${GALLERY_ATTRIBUTE}="${escaped}">`)).toEqual(
      photos,
    );
  });

  it('has no gallery photos without the attribute, or when it cannot be read', () => {
    expect(galleryPhotos('<div class="gallery"><img src="/x-card.jpg"></div>')).toEqual([]);
    expect(galleryPhotos(`<div ${GALLERY_ATTRIBUTE}="">`)).toEqual([]);
    expect(galleryPhotos(`<div ${GALLERY_ATTRIBUTE}="[&quot;/a-hero.jpg&quot;">`)).toEqual([]);
    expect(galleryPhotos(`<div ${GALLERY_ATTRIBUTE}="{&quot;a&quot;:1}">`)).toEqual([]);
    expect(
      galleryPhotos(`<div ${GALLERY_ATTRIBUTE}="[1,&quot;&quot;,&quot;/a-hero.jpg&quot;]">`),
    ).toEqual(['/a-hero.jpg']);
  });
});
