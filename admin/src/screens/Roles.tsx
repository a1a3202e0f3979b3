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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { type AdminDataProvider, dataProvider, NAME_SEARCH } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { ROLE_LABELS } from '../rules/roles.ts';
import { grantErrorMessage } from './grantMessages.ts';

interface Profile {
  id: string;
  username: string | null;
  full_name: string | null;
}

interface RoleRow {
  id: string;
  user_id: string;
  role: AppRole;
}

/** The screen shows this many users at a time; the search finds the rest. */
export const USERS_SHOWN = 100;

/** The first role of each user (the spec), 'user' when there is none. */
function rolesByUser(rows: readonly RoleRow[] | undefined): Map<string, AppRole> {
  const roleOf = new Map<string, AppRole>();
  for (const row of rows ?? []) {
    if (!roleOf.has(row.user_id) && APP_ROLES.includes(row.role)) roleOf.set(row.user_id, row.role);
  }
  return roleOf;
}

function GrantAdminCard() {
  const notify = useTitledNotify();
  const [email, setEmail] = useState('');
  const [running, setRunning] = useState(false);
  const grant = async () => {
    const value = email.trim();
    if (value === '') {
      notify('Por favor, insira um email válido.', undefined, 'error');
      return;
    }
    setRunning(true);
    try {
      await dataProvider.grantAdmin(value);
      notify(`Acesso de administrador concedido para ${value}`);
      setEmail('');
    } catch (error) {
      notify(grantErrorMessage(error), undefined, 'error');
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
            sx={{ width: { xs: '100%', sm: 300 } }}
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
  const notify = useTitledNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [search, setSearch] = useState('');
  const failed = () => notify('Erro ao carregar perfis de usuários.', undefined, 'error');
  // Sorted and searched by the database, so that every user can be found however many there are.
  const profiles = useGetList<Profile>(
    'profiles',
    {
      pagination: { page: 1, perPage: USERS_SHOWN },
      sort: { field: 'full_name', order: 'ASC' },
      filter: { [NAME_SEARCH]: search },
    },
    { onError: failed, placeholderData: (previous) => previous },
  );
  const ids = (profiles.data ?? []).map((profile) => profile.id);
  const roles = useGetList<RoleRow>(
    'user_roles',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { 'user_id@in': `(${ids.join(',')})` },
    },
    { enabled: ids.length > 0, onError: failed, placeholderData: (previous) => previous },
  );
  const roleOf = rolesByUser(roles.data);
  const emails = useQuery({
    queryKey: ['user_emails', ids],
    queryFn: () => dataProvider.userEmails(ids),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });

  const change = async (user: Profile, current: AppRole, role: AppRole) => {
    if (role === current) return;
    try {
      await dataProvider.setRole(user.id, role);
      await roles.refetch();
      notify('Função do usuário atualizada com sucesso.');
    } catch (error) {
      notify('Erro ao atualizar função do usuário.', messageOf(error, ''), 'error');
    }
  };

  const users = profiles.data ?? [];
  const pending = profiles.isPending || (ids.length > 0 && roles.isPending);
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
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      {pending ? (
        <Loading />
      ) : users.length === 0 ? (
        <Typography>Nenhum usuário encontrado.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {users.map((user) => (
            <Card key={user.id} data-testid="user-card">
              <CardContent>
                <Typography fontWeight="bold">{user.full_name || 'Nome não informado'}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user.username ? `@${user.username}` : 'username não informado'}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  gutterBottom
                  data-testid="user-email"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {emails.data?.get(user.id) ?? ''}
                </Typography>
                <TextField
                  select
                  size="small"
                  label="Função"
                  value={roleOf.get(user.id) ?? 'user'}
                  onChange={(event) =>
                    void change(user, roleOf.get(user.id) ?? 'user', event.target.value as AppRole)
                  }
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
      {(profiles.total ?? 0) > users.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {`Mostrando ${users.length} de ${profiles.total}. Pesquise pelo nome ou usuário para encontrar os outros.`}
        </Typography>
      )}
    </Box>
  );
}
