import { Box, Paper, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { type Access, goToLogin, readAccess } from './access.ts';
import { Loading } from './layout/AdminLayout.tsx';

export function AccessDenied() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Acesso Negado
        </Typography>
        <Typography>Você não tem permissão para acessar esta área.</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Entre em contato com um administrador se precisar de acesso.
        </Typography>
      </Paper>
    </Box>
  );
}

/**
 * Every /admin/* route: anonymous → the site's sign-in page; signed in without the admin or the
 * moderator role → denied. What each role may do inside is react-admin's canAccess.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const [access, setAccess] = useState<Access | 'checking'>('checking');
  useEffect(() => {
    readAccess()
      .then(setAccess)
      .catch(() => setAccess('denied'));
  }, []);
  useEffect(() => {
    if (access === 'anonymous') goToLogin();
  }, [access]);
  if (access === 'admin' || access === 'moderator') return <>{children}</>;
  if (access === 'denied') return <AccessDenied />;
  return <Loading text="Verificando autenticação..." />;
}
