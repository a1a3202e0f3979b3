// Demo content for local use: listings in and around Fortim (CE), categories, slides. seed.ts
// turns it into db/supabase/seed.sql and demo-images.ts lists the photos it references.

import type { ListingKind } from '@guia-fortim/domain';
import { FALLBACK_CATEGORIES } from '@guia-fortim/domain';

type DemoListingBase = {
  name: string;
  description: string;
  phone: string;
  rating: number;
  amenities: string[];
  latitude: number;
  longitude: number;
  /** How many photos: the main one plus up to 3 extra. */
  photos: 1 | 2 | 3 | 4;
  /** Position among the featured items (0..3), if featured. */
  featured?: number;
  /** Position among the pinned items (1..n), if pinned. */
  pinned?: number;
  /** Hours before the seed time: fixes the order of "newest first". */
  ageHours: number;
};

export type DemoHospedagem = DemoListingBase & {
  address: string;
  price: number;
  categorias: string[];
};
export type DemoComercio = DemoListingBase & {
  address: string;
  horario: string;
  categoria: string;
};
export type DemoPasseio = DemoListingBase & {
  price: number;
  duracao: string;
  ponto_encontro: string;
  itens_incluidos: string[];
  categoria: string;
};

// So that a wrong order shows, in each kind the pinned items' pin order (middle-aged, oldest,
// newest) and the featured items' order are neither newest first, oldest first nor the order of
// these lists (the insertion order); there are more featured tours than the home page shows.
export const DEMO_HOSPEDAGENS: DemoHospedagem[] = [
  {
    name: 'Pousada Pontal do Maceió',
    description:
      'Pousada pé na areia no alto das falésias do Pontal de Maceió, com vista para o encontro do Rio Jaguaribe com o mar. Quartos amplos com varanda e rede, café da manhã regional com tapioca, cuscuz e frutas da estação.',
    address: 'Rua da Praia, 120 - Pontal de Maceió, Fortim - CE',
    price: 320,
    phone: '5588999110001',
    rating: 4.8,
    amenities: ['Wi-Fi', 'Café da manhã', 'Ar condicionado', 'Piscina', 'Estacionamento'],
    categorias: ['Pousada', 'Vista para o mar', 'Piscina'],
    latitude: -4.4218,
    longitude: -37.7689,
    photos: 4,
    featured: 1,
    pinned: 2,
    ageHours: 40,
  },
  {
    name: 'Pousada Canto da Barra',
    description:
      'Chalés cercados de coqueiros no Canto da Barra, a poucos passos do rio e das dunas. Ambiente tranquilo, ideal para quem quer descansar e fazer passeios de barco saindo da porta da pousada.',
    address: 'Estrada do Canto da Barra, s/n - Canto da Barra, Fortim - CE',
    price: 260,
    phone: '5588999110002',
    rating: 4.7,
    amenities: ['Wi-Fi', 'Café da manhã', 'Estacionamento', 'TV'],
    categorias: ['Pousada', 'Natureza'],
    latitude: -4.4309,
    longitude: -37.7752,
    photos: 3,
    featured: 2,
    ageHours: 36,
  },
  {
    name: 'Hotel Fortim Praia',
    description:
      'Hotel familiar com piscina, área de lazer para crianças e restaurante próprio. Fica a cinco minutos do centro de Fortim e oferece translado para as praias da região.',
    address: 'Av. Beira Mar, 800 - Centro, Fortim - CE',
    price: 380,
    phone: '5588999110003',
    rating: 4.5,
    amenities: ['Wi-Fi', 'Café da manhã', 'Ar condicionado', 'TV', 'Piscina', 'Estacionamento'],
    categorias: ['Hotel', 'Piscina', 'Família'],
    latitude: -4.4489,
    longitude: -37.7968,
    photos: 4,
    featured: 0,
    ageHours: 30,
  },
  {
    name: 'Chalés do Rio Jaguaribe',
    description:
      'Chalés de madeira à beira do Rio Jaguaribe, com deque privativo para ver o pôr do sol. Cozinha equipada e caiaques à disposição dos hóspedes.',
    address: 'Rua do Porto, 45 - Centro, Fortim - CE',
    price: 210,
    phone: '5588999110004',
    rating: 4.6,
    amenities: ['Wi-Fi', 'Estacionamento', 'Caiaques'],
    categorias: ['Chalé', 'Natureza'],
    latitude: -4.4557,
    longitude: -37.7931,
    photos: 2,
    pinned: 1,
    ageHours: 26,
  },
  {
    name: 'Casa de Praia Vilã',
    description:
      'Casa completa para até dez pessoas na Vilã, com quatro quartos, churrasqueira e quintal gramado. Perfeita para famílias e grupos de amigos que querem passar a temporada em Fortim.',
    address: 'Rua das Jangadas, 33 - Vilã, Fortim - CE',
    price: 650,
    phone: '5588999110005',
    rating: 4.9,
    amenities: ['Wi-Fi', 'Estacionamento', 'TV', 'Churrasqueira'],
    categorias: ['Casa', 'Família', 'Longa estadia'],
    latitude: -4.4401,
    longitude: -37.7856,
    photos: 3,
    ageHours: 22,
  },
  {
    name: 'Pousada Sol Nascente',
    description:
      'Pousada simples e aconchegante no centro, perto da praça e dos restaurantes. Quartos com ar-condicionado, piscina e um café da manhã caprichado.',
    address: 'Rua Coronel Francisco Lopes, 210 - Centro, Fortim - CE',
    price: 180,
    phone: '5588999110006',
    rating: 4.3,
    amenities: ['Wi-Fi', 'Café da manhã', 'Ar condicionado', 'Piscina'],
    categorias: ['Pousada', 'Piscina'],
    latitude: -4.4515,
    longitude: -37.8009,
    photos: 2,
    ageHours: 18,
  },
  {
    name: 'Apartamento Beira-Rio',
    description:
      'Apartamento mobiliado com varanda voltada para o Rio Jaguaribe, para estadias de uma semana ou mais. Dois quartos, cozinha completa e vaga de garagem.',
    address: 'Av. Beira Rio, 55, ap. 201 - Centro, Fortim - CE',
    price: 150,
    phone: '5588999110007',
    rating: 4.4,
    amenities: ['Wi-Fi', 'Ar condicionado', 'TV', 'Estacionamento'],
    categorias: ['Apartamento', 'Longa estadia'],
    latitude: -4.4538,
    longitude: -37.7952,
    photos: 2,
    ageHours: 14,
  },
  {
    name: 'Pousada das Falésias',
    description:
      'Vista panorâmica das falésias coloridas e do mar, com piscina de borda infinita. Um refúgio romântico a caminho do Pontal de Maceió.',
    address: 'Estrada do Pontal, km 4 - Pontal de Maceió, Fortim - CE',
    price: 420,
    phone: '5588999110008',
    rating: 4.9,
    amenities: ['Wi-Fi', 'Café da manhã', 'Ar condicionado', 'Piscina', 'TV'],
    categorias: ['Pousada', 'Vista para o mar'],
    latitude: -4.4262,
    longitude: -37.7711,
    photos: 4,
    pinned: 3,
    ageHours: 10,
  },
  {
    name: 'Casa Familiar Recanto dos Coqueiros',
    description:
      'Casa térrea com jardim e redes na varanda, a duas quadras da praia. Acomoda até seis pessoas e aceita animais de estimação.',
    address: 'Rua dos Coqueiros, 78 - Centro, Fortim - CE',
    price: 280,
    phone: '5588999110009',
    rating: 0,
    amenities: ['Wi-Fi', 'Estacionamento'],
    categorias: ['Casa', 'Familiar'],
    latitude: -4.4497,
    longitude: -37.8031,
    photos: 1,
    ageHours: 4,
  },
];

export const DEMO_COMERCIOS: DemoComercio[] = [
  {
    name: 'Restaurante Sabor do Mar',
    description:
      'Peixadas, caranguejo e camarão fresquinhos, pescados pelos jangadeiros de Fortim. O carro-chefe é a peixada cearense com pirão, servida para duas pessoas.',
    address: 'Av. Beira Rio, 300 - Centro, Fortim - CE',
    horario: 'Terça a domingo, 11h às 22h',
    phone: '5588999220001',
    rating: 4.8,
    amenities: ['Wi-Fi', 'Estacionamento', 'Aceita cartão'],
    categoria: 'Restaurante',
    latitude: -4.4531,
    longitude: -37.7962,
    photos: 3,
    featured: 1,
    pinned: 2,
    ageHours: 44,
  },
  {
    name: 'Barraca do Pontal',
    description:
      'Barraca de praia com mesas na areia, cadeiras e guarda-sóis, aos pés das falésias do Pontal de Maceió. Petiscos, água de coco gelada e vista para o pôr do sol.',
    address: 'Praia do Pontal de Maceió, s/n - Fortim - CE',
    horario: 'Todos os dias, 8h às 18h',
    phone: '5588999220002',
    rating: 4.6,
    amenities: ['Aceita cartão', 'Estacionamento'],
    categoria: 'Restaurante',
    latitude: -4.4195,
    longitude: -37.7672,
    photos: 3,
    featured: 3,
    ageHours: 40,
  },
  {
    name: 'Café da Praça',
    description:
      'Cafeteria na praça da matriz com bolos caseiros, tapiocas e café coado na hora. Bom lugar para começar o dia antes dos passeios.',
    address: 'Praça da Matriz, 12 - Centro, Fortim - CE',
    horario: 'Segunda a sábado, 6h30 às 12h e 15h às 21h',
    phone: '5588999220003',
    rating: 4.7,
    amenities: ['Wi-Fi', 'Aceita cartão', 'Ar condicionado'],
    categoria: 'Café',
    latitude: -4.4519,
    longitude: -37.8003,
    photos: 2,
    featured: 2,
    pinned: 1,
    ageHours: 34,
  },
  {
    name: 'Sorveteria Coco Gelado',
    description:
      'Sorvetes artesanais de frutas regionais: cajá, graviola, tapioca, coco queimado e o famoso sorvete de caju. Tem opções sem lactose.',
    address: 'Rua Coronel Francisco Lopes, 95 - Centro, Fortim - CE',
    horario: 'Todos os dias, 13h às 22h',
    phone: '5588999220004',
    rating: 4.9,
    amenities: ['Aceita cartão', 'Ar condicionado'],
    categoria: 'Sorveteria',
    latitude: -4.4524,
    longitude: -37.8015,
    photos: 2,
    featured: 0,
    ageHours: 30,
  },
  {
    name: 'Ateliê Renda da Barra',
    description:
      'Artesanato local: rendas de bilro, labirinto, peças de palha de carnaúba e garrafas de areia colorida feitas pelas artesãs de Fortim.',
    address: 'Rua do Mercado, 40 - Centro, Fortim - CE',
    horario: 'Segunda a sábado, 8h às 17h',
    phone: '5588999220005',
    rating: 4.8,
    amenities: ['Aceita cartão'],
    categoria: 'Loja',
    latitude: -4.4528,
    longitude: -37.7994,
    photos: 2,
    ageHours: 26,
  },
  {
    name: 'Mercado do Peixe de Fortim',
    description:
      'Bancas de peixe, camarão e mariscos que chegam do rio e do mar todas as manhãs. Os peixeiros limpam e embalam para viagem.',
    address: 'Rua do Porto, 10 - Centro, Fortim - CE',
    horario: 'Todos os dias, 5h às 13h',
    phone: '5588999220006',
    rating: 4.4,
    amenities: ['Estacionamento'],
    categoria: 'Mercado',
    latitude: -4.4549,
    longitude: -37.7941,
    photos: 2,
    ageHours: 22,
  },
  {
    name: 'Farmácia Boa Saúde',
    description:
      'Farmácia completa com medicamentos, protetor solar, repelente e itens de primeiros socorros. Entrega em pousadas do centro.',
    address: 'Rua Dom Aureliano Matos, 150 - Centro, Fortim - CE',
    horario: 'Segunda a sábado, 7h às 22h; domingo, 8h às 14h',
    phone: '5588999220007',
    rating: 4.5,
    amenities: ['Aceita cartão', 'Ar condicionado'],
    categoria: 'Farmácia',
    latitude: -4.4509,
    longitude: -37.8021,
    photos: 1,
    ageHours: 18,
  },
  {
    name: 'Supermercado Jaguaribe',
    description:
      'Supermercado com padaria, açougue e hortifrúti, ideal para abastecer a casa de temporada. Aceita todos os cartões e tem estacionamento próprio.',
    address: 'Av. Antônio Barbosa, 500 - Centro, Fortim - CE',
    horario: 'Todos os dias, 7h às 21h',
    phone: '5588999220008',
    rating: 4.2,
    amenities: ['Estacionamento', 'Aceita cartão', 'Ar condicionado'],
    categoria: 'Supermercado',
    latitude: -4.4546,
    longitude: -37.8042,
    photos: 1,
    ageHours: 12,
  },
  {
    name: 'Restaurante Canoa da Barra',
    description:
      'Restaurante à beira do rio no Canto da Barra, com moqueca de arraia, camarão no coco e caipirinhas de frutas da região. Música ao vivo aos sábados.',
    address: 'Canto da Barra, s/n - Fortim - CE',
    horario: 'Quarta a domingo, 11h às 20h',
    phone: '5588999220009',
    rating: 4.6,
    amenities: ['Estacionamento', 'Aceita cartão'],
    categoria: 'Restaurante',
    latitude: -4.4321,
    longitude: -37.7741,
    photos: 2,
    pinned: 3,
    ageHours: 6,
  },
];

export const DEMO_PASSEIOS: DemoPasseio[] = [
  {
    name: 'Passeio de barco pelo Rio Jaguaribe',
    description:
      'Navegue pelo Rio Jaguaribe até a foz, passando por manguezais, bancos de areia e a Ilha do Pinto. Parada para banho no encontro do rio com o mar e observação de cavalos-marinhos.',
    price: 90,
    duracao: '3 horas',
    ponto_encontro: 'Porto de Fortim, Av. Beira Rio',
    itens_incluidos: ['Colete salva-vidas', 'Água mineral', 'Guia local'],
    phone: '5588999330001',
    rating: 4.9,
    amenities: ['Guia turístico', 'Fotos'],
    categoria: 'Natureza',
    latitude: -4.4542,
    longitude: -37.7948,
    photos: 4,
    featured: 1,
    pinned: 2,
    ageHours: 48,
  },
  {
    name: 'Buggy pelas dunas até Canoa Quebrada',
    description:
      'Passeio de buggy com emoção pelas dunas e falésias entre Fortim e Canoa Quebrada, com travessia de balsa no Rio Jaguaribe e paradas nos mirantes.',
    price: 350,
    duracao: '5 horas',
    ponto_encontro: 'Praça da Matriz, Centro',
    itens_incluidos: ['Buggy com bugueiro credenciado', 'Travessia de balsa', 'Água mineral'],
    phone: '5588999330002',
    rating: 4.8,
    amenities: ['Transporte', 'Guia turístico', 'Fotos'],
    categoria: 'Aventura',
    latitude: -4.4521,
    longitude: -37.8001,
    photos: 3,
    featured: 3,
    ageHours: 42,
  },
  {
    name: 'Pôr do sol no Pontal de Maceió',
    description:
      'Caminhada pelas falésias do Pontal de Maceió até o mirante, para ver o sol se pôr sobre o mar e as jangadas voltando da pesca.',
    price: 60,
    duracao: '2 horas',
    ponto_encontro: 'Barraca do Pontal, Praia do Pontal de Maceió',
    itens_incluidos: ['Guia local', 'Água de coco'],
    phone: '5588999330003',
    rating: 4.7,
    amenities: ['Guia turístico', 'Fotos'],
    categoria: 'Natureza',
    latitude: -4.4199,
    longitude: -37.7668,
    photos: 2,
    featured: 0,
    ageHours: 36,
  },
  {
    name: 'Aula de kitesurf no Canto da Barra',
    description:
      'Aulas para iniciantes com instrutores certificados nas águas calmas do Canto da Barra, um dos melhores picos de kite do Ceará entre julho e janeiro.',
    price: 250,
    duracao: '2 horas',
    ponto_encontro: 'Escola de kite, Canto da Barra',
    itens_incluidos: ['Equipamento completo', 'Instrutor', 'Seguro'],
    phone: '5588999330004',
    rating: 4.6,
    amenities: ['Fotos'],
    categoria: 'Esporte',
    latitude: -4.4315,
    longitude: -37.7735,
    photos: 2,
    ageHours: 28,
  },
  {
    name: 'Trilha ecológica no manguezal',
    description:
      'Trilha guiada por passarelas no manguezal do Jaguaribe, com explicações sobre caranguejos, aves migratórias e a pesca artesanal.',
    price: 45,
    duracao: '1 hora e 30 minutos',
    ponto_encontro: 'Centro de visitantes, Rua do Porto',
    itens_incluidos: ['Guia ambiental', 'Repelente'],
    phone: '5588999330005',
    rating: 4.5,
    amenities: ['Guia turístico'],
    categoria: 'Ecoturismo',
    latitude: -4.4566,
    longitude: -37.7924,
    photos: 2,
    pinned: 1,
    ageHours: 20,
  },
  {
    name: 'Roteiro gastronômico de frutos do mar',
    description:
      'Visita a três restaurantes e barracas de Fortim para provar caranguejada, peixe frito na folha de bananeira e cocadas caseiras, com histórias da culinária do litoral leste.',
    price: 150,
    duracao: '4 horas',
    ponto_encontro: 'Café da Praça, Praça da Matriz',
    itens_incluidos: ['Degustações', 'Transporte', 'Guia local'],
    phone: '5588999330006',
    rating: 4.8,
    amenities: ['Alimentação', 'Transporte', 'Guia turístico'],
    categoria: 'Gastronomia',
    latitude: -4.4518,
    longitude: -37.8006,
    photos: 3,
    featured: 2,
    ageHours: 12,
  },
  {
    name: 'Stand-up paddle no Rio Jaguaribe',
    description:
      'Remada de stand-up paddle no fim da tarde, em águas tranquilas, com parada num banco de areia. Não precisa de experiência.',
    price: 80,
    duracao: '1 hora e 30 minutos',
    ponto_encontro: 'Deque dos Chalés do Rio Jaguaribe',
    itens_incluidos: ['Prancha e remo', 'Colete salva-vidas', 'Instrutor'],
    phone: '5588999330007',
    rating: 4.4,
    amenities: ['Fotos'],
    categoria: 'Esporte',
    latitude: -4.4559,
    longitude: -37.7935,
    photos: 1,
    pinned: 3,
    ageHours: 3,
  },
];

/** order is the slide's order_position; the list itself is in another order, on purpose. */
export type DemoSlide = {
  title: string;
  subtitle: string;
  link: string;
  order: number;
  isActive: boolean;
};

// Inserted out of order_position order, with an inactive slide between active ones: the home
// hero must show Descubra Fortim, Hospede-se à beira-mar, Sabores do litoral, and never the
// inactive one.
export const DEMO_SLIDES: DemoSlide[] = [
  {
    title: 'Sabores do litoral',
    subtitle: 'Peixadas, caranguejo e sorvetes de frutas regionais no comércio local.',
    link: '/comercio',
    order: 4,
    isActive: true,
  },
  {
    title: 'Descubra Fortim',
    subtitle: 'Falésias coloridas, praias tranquilas e o encontro do Rio Jaguaribe com o mar.',
    link: '/passeios',
    order: 1,
    isActive: true,
  },
  {
    title: 'Ventos do Canto da Barra',
    subtitle: 'Kitesurf de julho a janeiro nas águas calmas do Canto da Barra.',
    link: '/passeios',
    order: 2,
    isActive: false,
  },
  {
    title: 'Hospede-se à beira-mar',
    subtitle: 'Pousadas, chalés e casas de praia para todos os estilos de viagem.',
    link: '/hospedagem',
    order: 3,
    isActive: true,
  },
];

/** Every fallback category becomes a real one, in the fallback lists' order. */
export const DEMO_CATEGORIES: Record<ListingKind, readonly string[]> = FALLBACK_CATEGORIES;

export type DemoReview = {
  /** A key of DEMO_ACCOUNTS: the author (one review per account and place). */
  author: 'admin' | 'moderador' | 'visitante';
  kind: ListingKind;
  /** The listing's name in the lists above. */
  listing: string;
  rating: number;
  comment: string;
  status: 'approved' | 'pending';
  ageHours: number;
};

// Visitors' reviews: approved ones on a few places (the listing page's section and its average),
// and one waiting in the panel's 'Avaliações'.
export const DEMO_REVIEWS: DemoReview[] = [
  {
    author: 'visitante',
    kind: 'hospedagem',
    listing: 'Pousada Pontal do Maceió',
    rating: 5,
    comment: 'Quartos limpos, café da manhã caprichado e a praia a poucos passos. Voltaremos!',
    status: 'approved',
    ageHours: 72,
  },
  {
    author: 'moderador',
    kind: 'hospedagem',
    listing: 'Pousada Pontal do Maceió',
    rating: 4,
    comment: 'Atendimento muito simpático. O Wi-Fi falhou algumas vezes à noite.',
    status: 'approved',
    ageHours: 30,
  },
  {
    author: 'visitante',
    kind: 'comercio',
    listing: 'Restaurante Sabor do Mar',
    rating: 4,
    comment: 'Peixada deliciosa e bem servida. Nos fins de semana vale chegar cedo.',
    status: 'approved',
    ageHours: 48,
  },
  {
    author: 'visitante',
    kind: 'passeio',
    listing: 'Passeio de barco pelo Rio Jaguaribe',
    rating: 5,
    comment: 'O guia conhece cada canto do rio. O pôr do sol no fim do passeio é inesquecível.',
    status: 'approved',
    ageHours: 20,
  },
  {
    author: 'visitante',
    kind: 'passeio',
    listing: 'Buggy pelas dunas até Canoa Quebrada',
    rating: 3,
    comment: 'Paisagens lindas, mas o buggy atrasou quase uma hora para nos buscar.',
    status: 'pending',
    ageHours: 2,
  },
];
