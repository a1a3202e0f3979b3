// schema.org descriptions of the listing pages (LodgingBusiness, LocalBusiness, TouristTrip).
import {
  type Comercio,
  digitsOnly,
  formatPrice,
  type Hospedagem,
  imageVariant,
  listingPath,
  type Passeio,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  reviewSummary,
} from '@guia-fortim/domain';

type Thing = Record<string, unknown>;

function address(streetAddress: string): Thing {
  return {
    '@type': 'PostalAddress',
    streetAddress,
    addressLocality: 'Fortim',
    addressRegion: 'CE',
    addressCountry: 'BR',
  };
}

function common(
  kind: 'hospedagem' | 'comercio' | 'passeio',
  row: Hospedagem | Comercio | Passeio,
  site: URL,
): Thing {
  return {
    '@context': 'https://schema.org',
    name: row.name,
    description: row.description,
    url: new URL(listingPath(kind, row.slug), site).href,
    image: [row.image_url, ...row.additional_images].map(
      (url) => new URL(imageVariant(url, 'hero'), site).href,
    ),
  };
}

function geo(row: Hospedagem | Comercio): Thing | undefined {
  if (!row.latitude && !row.longitude) return undefined;
  return { '@type': 'GeoCoordinates', latitude: row.latitude, longitude: row.longitude };
}

export function hospedagemData(row: Hospedagem, site: URL): Thing {
  return {
    ...common('hospedagem', row, site),
    '@type': 'LodgingBusiness',
    address: address(row.address),
    telephone: `+${digitsOnly(row.phone)}`,
    priceRange: `A partir de ${formatPrice(row.price)} por noite`,
    geo: geo(row),
    amenityFeature: row.amenities.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
  };
}

export function comercioData(row: Comercio, site: URL): Thing {
  return {
    ...common('comercio', row, site),
    '@type': 'LocalBusiness',
    address: address(row.address),
    telephone: `+${digitsOnly(row.phone)}`,
    geo: geo(row),
  };
}

export function passeioData(row: Passeio, site: URL): Thing {
  return {
    ...common('passeio', row, site),
    '@type': 'TouristTrip',
    offers: {
      '@type': 'Offer',
      price: row.price.toFixed(2),
      priceCurrency: 'BRL',
      url: new URL(listingPath('passeio', row.slug), site).href,
    },
  };
}

/**
 * `data` with the visitors' rating (an AggregateRating of the approved reviews), when there is at
 * least one: without reviews there is nothing to rate. The guide's own rating is no visitors'
 * rating and stays out. A TouristTrip is neither a place nor an organization, so schema.org
 * rates it through its Offer.
 */
export function withVisitorRating(data: Thing, reviews: readonly { rating: number }[]): Thing {
  const { average, count } = reviewSummary(reviews);
  if (count === 0) return data;
  const aggregateRating = {
    '@type': 'AggregateRating',
    ratingValue: average,
    reviewCount: count,
    bestRating: REVIEW_RATING_MAX,
    worstRating: REVIEW_RATING_MIN,
  };
  if (data['@type'] === 'TouristTrip') {
    return { ...data, offers: { ...(data.offers as Thing), aggregateRating } };
  }
  return { ...data, aggregateRating };
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in the data. */
export function jsonLdScript(data: Thing): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
