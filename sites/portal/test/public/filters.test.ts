import { describe, expect, it } from 'vitest';
import {
  categoriaQuery,
  comercioCountText,
  filterComercios,
  filterHospedagens,
  filterPasseios,
  hospedagemCountText,
  hospedagemQuery,
  NO_CATEGORIA_FILTERS,
  NO_HOSPEDAGEM_FILTERS,
  parseCategoriaFilters,
  parseHospedagemFilters,
  parsePriceBound,
  passeioCountText,
} from '../../src/lib/filters.ts';
import { comercio, hospedagem, passeio } from './fixtures.ts';

const lodging = [
  hospedagem('a', { name: 'Pousada Azul', price: 150, rating: 4.1, categorias: ['Pousada'] }),
  hospedagem('b', { name: 'Hotel Sol', price: 300, rating: 4.9, categorias: ['Hotel', 'Piscina'] }),
  hospedagem('c', {
    name: 'Casa Verde',
    price: 300,
    rating: 0,
    address: 'Rua das Falésias, 9',
    categorias: ['Casa'],
  }),
  hospedagem('d', { name: 'Chalé', price: 450.5, rating: 4.9, description: 'Vista do RIO' }),
];
const names = (items: { name: string }[]) => items.map((item) => item.name);
const filters = (changes: Partial<typeof NO_HOSPEDAGEM_FILTERS>) => ({
  ...NO_HOSPEDAGEM_FILTERS,
  ...changes,
});

describe('lodging filters', () => {
  it('keeps the public order when nothing is filtered', () => {
    expect(names(filterHospedagens(lodging, NO_HOSPEDAGEM_FILTERS))).toEqual(names(lodging));
  });

  it('searches name, address and description, ignoring case', () => {
    expect(names(filterHospedagens(lodging, filters({ busca: 'falÉSIAS' })))).toEqual([
      'Casa Verde',
    ]);
    expect(names(filterHospedagens(lodging, filters({ busca: ' rio ' })))).toEqual(['Chalé']);
    expect(names(filterHospedagens(lodging, filters({ busca: 'sol' })))).toEqual(['Hotel Sol']);
  });

  it('searches regardless of accents, as the site search does', () => {
    const found = (busca: string) => names(filterHospedagens(lodging, filters({ busca })));
    // Typed without the accent, with it, in capitals, or as a letter and a combining accent.
    for (const typed of ['falesias', 'FALESIAS', 'Falésias', 'fale\u0301sias']) {
      expect(found(typed), typed).toEqual(['Casa Verde']);
    }
    // An accent typed where the text has none matches too; a different letter does not.
    expect(found('chale')).toEqual(['Chalé']);
    expect(found('hótel')).toEqual(['Hotel Sol']);
    expect(found('falesia x')).toEqual([]);
  });

  it('bounds prices inclusively by their integer part and ignores what is not a number', () => {
    expect(parsePriceBound('150,90')).toBe(150);
    expect(parsePriceBound(' 300 ')).toBe(300);
    expect(parsePriceBound('abc')).toBeNull();
    expect(parsePriceBound('')).toBeNull();
    expect(
      names(filterHospedagens(lodging, filters({ precoMin: '300', precoMax: '300' }))),
    ).toEqual(['Hotel Sol', 'Casa Verde']);
    expect(names(filterHospedagens(lodging, filters({ precoMin: '300.9' })))).toEqual([
      'Hotel Sol',
      'Casa Verde',
      'Chalé',
    ]);
    expect(names(filterHospedagens(lodging, filters({ precoMax: 'muito' })))).toHaveLength(4);
  });

  it('matches any of the chosen categories', () => {
    expect(names(filterHospedagens(lodging, filters({ categorias: ['Piscina', 'Casa'] })))).toEqual(
      ['Hotel Sol', 'Casa Verde'],
    );
  });

  it('sorts by price either way and by rating, keeping the public order for ties', () => {
    expect(names(filterHospedagens(lodging, filters({ ordem: 'preco-asc' })))).toEqual([
      'Pousada Azul',
      'Hotel Sol',
      'Casa Verde',
      'Chalé',
    ]);
    expect(names(filterHospedagens(lodging, filters({ ordem: 'preco-desc' })))).toEqual([
      'Chalé',
      'Hotel Sol',
      'Casa Verde',
      'Pousada Azul',
    ]);
    expect(names(filterHospedagens(lodging, filters({ ordem: 'avaliacao' })))).toEqual([
      'Hotel Sol',
      'Chalé',
      'Pousada Azul',
      'Casa Verde',
    ]);
  });

  it('does not reorder the list it was given', () => {
    const copy = [...lodging];
    filterHospedagens(lodging, filters({ ordem: 'preco-desc' }));
    expect(lodging).toEqual(copy);
  });
});

describe('commerce and tour filters', () => {
  const businesses = [
    comercio('a', { name: 'Café da Praça', categoria: 'Café' }),
    comercio('b', { name: 'Mercado', categoria: 'Mercado', address: 'Rua do Porto' }),
  ];
  const tours = [
    passeio('a', { name: 'Barco', ponto_encontro: 'Cais do porto' }),
    passeio('b', { name: 'Buggy', categoria: 'Aventura', description: 'Dunas e PORTO' }),
  ];

  it('commerce searches name, description and address; one category at a time', () => {
    expect(names(filterComercios(businesses, { busca: 'porto', categoria: null }))).toEqual([
      'Mercado',
    ]);
    expect(names(filterComercios(businesses, { busca: '', categoria: 'Café' }))).toEqual([
      'Café da Praça',
    ]);
    expect(filterComercios(businesses, { busca: 'porto', categoria: 'Café' })).toEqual([]);
  });

  it('commerce and tours search regardless of accents too', () => {
    expect(names(filterComercios(businesses, { busca: 'cafe da praca', categoria: null }))).toEqual(
      ['Café da Praça'],
    );
    expect(names(filterPasseios(tours, { busca: 'dunas e pôrto', categoria: null }))).toEqual([
      'Buggy',
    ]);
  });

  it('tours search name and description only, not the meeting point', () => {
    expect(names(filterPasseios(tours, { busca: 'porto', categoria: null }))).toEqual(['Buggy']);
    expect(names(filterPasseios(tours, { busca: '', categoria: 'Natureza' }))).toEqual(['Barco']);
  });
});

describe('filters in the address', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    expect(hospedagemQuery(NO_HOSPEDAGEM_FILTERS)).toBe('');
    const state = filters({
      busca: 'pé na areia',
      precoMin: '100',
      precoMax: '250',
      ordem: 'preco-desc',
      categorias: ['Vista para o mar', 'Família'],
    });
    const query = hospedagemQuery(state);
    expect(query).toBe(
      '?busca=p%C3%A9+na+areia&min=100&max=250&ordem=preco-desc&categoria=Vista+para+o+mar&categoria=Fam%C3%ADlia',
    );
    expect(parseHospedagemFilters(new URLSearchParams(query))).toEqual(state);
  });

  it('ignores an unknown sort and repeated categories', () => {
    const parsed = parseHospedagemFilters(
      new URLSearchParams('ordem=barato&categoria=Casa&categoria=Casa&categoria='),
    );
    expect(parsed.ordem).toBe('relevancia');
    expect(parsed.categorias).toEqual(['Casa']);
  });

  it('round-trips the single-category filters', () => {
    expect(categoriaQuery(NO_CATEGORIA_FILTERS)).toBe('');
    const state = { busca: 'sorvete & açaí', categoria: 'Sorveteria' };
    expect(parseCategoriaFilters(new URLSearchParams(categoriaQuery(state)))).toEqual(state);
    expect(parseCategoriaFilters(new URLSearchParams('categoria='))).toEqual({
      busca: '',
      categoria: null,
    });
  });
});

describe('result counts', () => {
  it('uses the singular and plural texts of each page', () => {
    expect(hospedagemCountText(1)).toBe('1 opção encontrada');
    expect(hospedagemCountText(0)).toBe('0 opções encontradas');
    expect(comercioCountText(1, null)).toBe('1 estabelecimento encontrado');
    expect(comercioCountText(3, 'Restaurante')).toBe(
      '3 estabelecimentos encontrados em "Restaurante"',
    );
    expect(passeioCountText(2, null)).toBe('2 passeio(s) encontrado(s)');
    expect(passeioCountText(1, 'Aventura')).toBe(
      '1 passeio(s) encontrado(s) na categoria "Aventura"',
    );
  });
});
