import { CircularProgress } from '@mui/material';
import { type ReactNode, Suspense } from 'react';
import { AppBar, Layout } from 'react-admin';
import { AdminMenu } from './AdminMenu.tsx';

export function Loading({ text = 'Carregando...' }: { text?: string }) {
  return (
    <div role="status" style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 24 }}>
      <CircularProgress size={20} />
      <span>{text}</span>
    </div>
  );
}

// Sair lives in the sidebar (with its toast); react-admin's user menu would send the user
// to its own /login page, which this panel does not have.
function AdminAppBar() {
  return <AppBar userMenu={false} color="primary" />;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Layout>
  );
}
