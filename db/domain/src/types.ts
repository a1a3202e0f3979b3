// Row types of the public tables, as the REST API returns them (numeric columns arrive as JSON
// numbers, timestamps as ISO strings). TABLE_COLUMNS lists each table's columns with their
// PostgreSQL type; a test compares it with the migrated database and with these types.

export type AppRole = 'user' | 'moderator' | 'admin';
export type ListingKind = 'hospedagem' | 'comercio' | 'passeio';
export type ObjectFit = 'cover' | 'contain' | 'fill' | 'scale-down';

export type ImageStyles = {
  scale: number;
  rotate: number;
  positionX: number;
  positionY: number;
  objectFit: ObjectFit;
};

type Timestamps = { created_at: string; updated_at: string };

type Ordering = {
  is_featured: boolean;
  /** 0..n-1 among the featured items of the kind; 0 when not featured. */
  featured_order: number;
  is_pinned: boolean;
  /** 1..n among the pinned items of the kind; 0 when not pinned. */
  pin_order: number;
};

type ListingBase = {
  id: string;
  slug: string;
  name: string;
  description: string;
  phone: string;
  rating: number;
  image_url: string;
  additional_images: string[];
  amenities: string[];
  image_styles: ImageStyles;
  latitude: number;
  longitude: number;
} & Ordering &
  Timestamps;

export type Hospedagem = ListingBase & {
  address: string;
  price: number;
  categorias: string[];
};

export type Comercio = ListingBase & {
  address: string;
  horario: string;
  categoria: string;
};

export type Passeio = ListingBase & {
  price: number;
  duracao: string;
  ponto_encontro: string;
  itens_incluidos: string[];
  categoria: string;
};

export type Listing = Hospedagem | Comercio | Passeio;
export type ListingOfKind = { hospedagem: Hospedagem; comercio: Comercio; passeio: Passeio };

export type Profile = {
  id: string;
  username: string | null;
  full_name: string | null;
  avatar_url: string | null;
} & Timestamps;

export type UserRole = {
  id: string;
  user_id: string;
  role: AppRole;
  created_at: string;
};

export type Category = {
  id: string;
  name: string;
  type: ListingKind;
  is_active: boolean;
  order_position: number;
} & Timestamps;

export type CarouselSlide = {
  id: string;
  title: string;
  subtitle: string;
  image_url: string;
  link: string;
  is_active: boolean;
  order_position: number;
  image_styles: ImageStyles;
} & Timestamps;

export type SiteSetting = {
  setting_key: string;
  setting_value: string;
} & Timestamps;

/** What audit_log records (public.audit_log): 'delete' of content means moved to the trash. */
export type HistoryAction = 'insert' | 'update' | 'delete' | 'restore' | 'revert' | 'purge';

export type AuditEntry = {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  table_name: string;
  row_id: string;
  action: HistoryAction;
  label: string | null;
  changed: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type TrashItem = {
  id: string;
  table_name: TrashTable;
  row_id: string;
  label: string | null;
  data: Record<string, unknown>;
  deleted_at: string;
  deleted_by: string | null;
  deleted_by_email: string | null;
};

/** The tables whose deleted rows go to the trash. */
export type TrashTable =
  | 'hospedagens'
  | 'comercios'
  | 'passeios'
  | 'categories'
  | 'carousel_slides'
  | 'reviews';

export type TableRow = {
  profiles: Profile;
  user_roles: UserRole;
  hospedagens: Hospedagem;
  comercios: Comercio;
  passeios: Passeio;
  categories: Category;
  carousel_slides: CarouselSlide;
  site_settings: SiteSetting;
  audit_log: AuditEntry;
  trash: TrashItem;
};
export type TableName = keyof TableRow;

const LISTING_COLUMNS = {
  id: 'uuid',
  slug: 'text',
  name: 'text',
  description: 'text',
  phone: 'text',
  rating: 'numeric',
  image_url: 'text',
  additional_images: '_text',
  amenities: '_text',
  image_styles: 'jsonb',
  latitude: 'float8',
  longitude: 'float8',
  is_featured: 'bool',
  featured_order: 'int4',
  is_pinned: 'bool',
  pin_order: 'int4',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

/** Column → PostgreSQL type name (udt_name); a trailing '?' marks a nullable column. */
export const TABLE_COLUMNS = {
  profiles: {
    id: 'uuid',
    username: 'text?',
    full_name: 'text?',
    avatar_url: 'text?',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  user_roles: { id: 'uuid', user_id: 'uuid', role: 'app_role', created_at: 'timestamptz' },
  hospedagens: { ...LISTING_COLUMNS, address: 'text', price: 'numeric', categorias: '_text' },
  comercios: { ...LISTING_COLUMNS, address: 'text', horario: 'text', categoria: 'text' },
  passeios: {
    ...LISTING_COLUMNS,
    price: 'numeric',
    duracao: 'text',
    ponto_encontro: 'text',
    itens_incluidos: '_text',
    categoria: 'text',
  },
  categories: {
    id: 'uuid',
    name: 'text',
    type: 'listing_kind',
    is_active: 'bool',
    order_position: 'int4',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  carousel_slides: {
    id: 'uuid',
    title: 'text',
    subtitle: 'text',
    image_url: 'text',
    link: 'text',
    is_active: 'bool',
    order_position: 'int4',
    image_styles: 'jsonb',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  site_settings: {
    setting_key: 'text',
    setting_value: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  audit_log: {
    id: 'int8',
    at: 'timestamptz',
    actor_id: 'uuid?',
    actor_email: 'text?',
    table_name: 'text',
    row_id: 'text',
    action: 'text',
    label: 'text?',
    changed: '_text',
    before: 'jsonb?',
    after: 'jsonb?',
  },
  trash: {
    id: 'uuid',
    table_name: 'text',
    row_id: 'uuid',
    label: 'text?',
    data: 'jsonb',
    deleted_at: 'timestamptz',
    deleted_by: 'uuid?',
    deleted_by_email: 'text?',
  },
} as const satisfies { [T in TableName]: Record<keyof TableRow[T], string> };
