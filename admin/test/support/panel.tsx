// The panel as a screen test runs it: its own Supabase client, data provider and Portuguese
// messages (imported only now, once the test's database is the one they read), signed in, and
// the frame its screens run in, with the notifications the panel shows.
import type { ComponentType, ReactNode } from 'react';
import { AdminContext, Notification } from 'react-admin';
import { ok } from './database.ts';

export type Panel = {
  supabase: typeof import('../../src/supabase.ts')['supabase'];
  /** react-admin's context with the panel's providers, and its notifications. */
  Admin: ComponentType<{ children: ReactNode }>;
};

/** The panel's modules, signed in as `user`. */
export async function signedInPanel(user: { email: string; password: string }): Promise<Panel> {
  const { supabase } = await import('../../src/supabase.ts');
  ok(await supabase.auth.signInWithPassword(user), `entrar como ${user.email}`);
  const { dataProvider } = await import('../../src/dataProvider.ts');
  const { i18nProvider } = await import('../../src/i18n.ts');
  function Admin({ children }: { children: ReactNode }) {
    return (
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {children}
        <Notification />
      </AdminContext>
    );
  }
  return { supabase, Admin };
}
