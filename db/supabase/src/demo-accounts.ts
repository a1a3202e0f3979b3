// Demo accounts created by the local seed only (never in production). `npm start` prints them.
import type { AppRole } from '@guia-fortim/domain';

export type DemoAccount = {
  id: string;
  email: string;
  password: string;
  /** bcrypt (cost 10) of the password, as written into db/supabase/seed.sql. */
  passwordHash: string;
  fullName: string;
  username: string;
  role: AppRole;
};

export const DEMO_ACCOUNTS = {
  admin: {
    id: 'a0000000-0000-4000-8000-000000000001',
    email: 'admin@guiafortim.local',
    password: 'admin123',
    passwordHash: '$2b$10$MnXcNgkSwI6sLheM7WIaX.7K24jGDPiPr5vz6aaCvBxFarigDx7Wu',
    fullName: 'Administrador Guia Fortim',
    username: 'admin',
    role: 'admin',
  },
  // Manages content (listings, categories, slides, the Lixeira); not roles or settings.
  moderador: {
    id: 'a0000000-0000-4000-8000-000000000003',
    email: 'moderador@guiafortim.local',
    password: 'moderador123',
    passwordHash: '$2b$10$9zvbPGT26swteUj7NShZfObBViGEAlvjcDMLtOhA5vnNact8QxK.i',
    fullName: 'Moderador Demonstração',
    username: 'moderador',
    role: 'moderator',
  },
  visitante: {
    id: 'a0000000-0000-4000-8000-000000000002',
    email: 'visitante@guiafortim.local',
    password: 'visitante123',
    passwordHash: '$2b$10$iXD8GsOwyw7mRhOfIaye6ObqZVBGBpjiUxJ9VQ9MTSwQCNIeiZNIK',
    fullName: 'Visitante Demonstração',
    username: 'visitante',
    role: 'user',
  },
} as const satisfies Record<string, DemoAccount>;
