// Product values that more than one test states, written out — never computed from the product's
// constants.

// Categories: "When none exist a fallback
// list is used. Hospedagem: Pousada, Hotel, … Passeio: Aventura, …"
export const SPEC_CATEGORIES = {
  hospedagem: [
    'Pousada',
    'Hotel',
    'Casa',
    'Chalé',
    'Apartamento',
    'Vista para o mar',
    'Piscina',
    'Família',
    'Natureza',
    'Longa estadia',
    'Familiar',
  ],
  comercio: ['Restaurante', 'Loja', 'Café', 'Mercado', 'Farmácia', 'Sorveteria', 'Supermercado'],
  passeio: ['Aventura', 'Natureza', 'Ecoturismo', 'Esporte', 'Gastronomia'],
};
// Section 9: "Home featured counts: 3 lodging, 4 commerce, 3 tours."
export const SPEC_HOME_FEATURED = { hospedagem: 3, comercio: 4, passeio: 3 };
// Section 2, /mapa: "Default centre lat -4.4522, lng -37.8005".
export const SPEC_MAP_CENTER = { lat: -4.4522, lng: -37.8005 };
