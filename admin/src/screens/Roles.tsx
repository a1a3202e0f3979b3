import { APP_ROLES, type AppRole } from '@guia-fortim/domain';
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { matchesSearch } from '../rules/lists.ts';
import { supabase } from '../supabase.ts';
import { messageOf, useToast } from '../toast.tsx';
import { grantErrorMessage } from './grantMessages.ts';

export const ROLE_LABELS: Record<AppRole, string> = {
  user: 'Usuário',
  moderator: 'Moderador',
  admin: 'Admin',
};

interface UserRow {
  id: string;
  username: string | null;
  full_name: string | null;
  role: AppRole;
}

async function readUsers(): Promise<UserRow[]> {
  const [profiles, roles] = await Promise.all([
    supabase.from('profiles').select('id, username, full_name').order('full_name'),
    supabase.from('user_roles').select('user_id, role'),
  ]);
  if (profiles.error) throw profiles.error;
  if (roles.error) throw roles.error;
  const roleOf = new Map<string, AppRole>();
  for (const row of roles.data ?? []) {
    if (!roleOf.has(row.user_id) && APP_ROLES.includes(row.role)) roleOf.set(row.user_id, row.role);
  }
  return (profiles.data ?? []).map((profile) => ({
    ...profile,
    role: roleOf.get(profile.id) ?? 'user',
  }));
}

function GrantAdminCard() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [running, setRunning] = useState(false);
  const grant = async () => {
    const value = email.trim();
    if (value === '') {
      toast('Por favor, insira um email válido.', undefined, 'error');
      return;
    }
    setRunning(true);
    try {
      await dataProvider.grantAdmin(value);
      toast(`Acesso de administrador concedido para ${value}`);
      setEmail('');
    } catch (error) {
      toast(grantErrorMessage(error), undefined, 'error');
    } finally {
      setRunning(false);
    }
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Conceder acesso de administrador
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <TextField
            label="Email"
            type="email"
            size="small"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            sx={{ minWidth: 300 }}
          />
          <Button
            variant="contained"
            onClick={() => void grant()}
            disabled={running || email === ''}
          >
            {running ? 'Processando...' : 'Conceder Acesso Admin'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function Roles() {
  const toast = useToast();
  const [users, setUsers] = useState<UserRow[] | null>(null);
  const [search, setSearch] = useState('');
  useEffect(() => {
    readUsers()
      .then(setUsers)
      .catch(() => {
        setUsers([]);
        toast('Erro ao carregar perfis de usuários.', undefined, 'error');
      });
  }, [toast]);

  const change = async (user: UserRow, role: AppRole) => {
    if (role === user.role) return;
    try {
      await dataProvider.setRole(user.id, role);
      setUsers((current) =>
        (current ?? []).map((row) => (row.id === user.id ? { ...row, role } : row)),
      );
      toast('Função do usuário atualizada com sucesso.');
    } catch (error) {
      toast('Erro ao atualizar função do usuário.', messageOf(error, ''), 'error');
    }
  };

  const visible = (users ?? []).filter(
    (user) => matchesSearch(user.full_name, search) || matchesSearch(user.username, search),
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Funções" />
      <Typography variant="h5" component="h1" gutterBottom>
        Gerenciar Funções
      </Typography>
      <GrantAdminCard />
      <TextField
        size="small"
        type="search"
        placeholder="Pesquisar por nome ou usuário..."
        slotProps={{ htmlInput: { 'aria-label': 'Pesquisar por nome ou usuário...' } }}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2, minWidth: 320 }}
      />
      {users === null ? (
        <Loading />
      ) : visible.length === 0 ? (
        <Typography>Nenhum usuário encontrado.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {visible.map((user) => (
            <Card key={user.id} data-testid="user-card">
              <CardContent>
                <Typography fontWeight="bold">{user.full_name || 'Nome não informado'}</Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  {user.username ? `@${user.username}` : 'username não informado'}
                </Typography>
                <TextField
                  select
                  size="small"
                  label="Função"
                  value={user.role}
                  onChange={(event) => void change(user, event.target.value as AppRole)}
                  fullWidth
                >
                  {APP_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </MenuItem>
                  ))}
                </TextField>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
