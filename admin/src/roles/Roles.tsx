import { APP_ROLES, type AppRole } from '@guia-fortim/domain';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { type AdminDataProvider, NAME_SEARCH } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { GrantAdminForm } from './GrantAdminForm.tsx';
import { UserRoleForm } from './RoleInput.tsx';

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

/** The first role of each user, 'user' when there is none. */
function rolesByUser(rows: readonly RoleRow[] | undefined): Map<string, AppRole> {
  const roleOf = new Map<string, AppRole>();
  for (const row of rows ?? []) {
    if (!roleOf.has(row.user_id) && APP_ROLES.includes(row.role)) roleOf.set(row.user_id, row.role);
  }
  return roleOf;
}

export default function Roles() {
  const notify = useTitledNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // The list's search, not a form: it filters the users the database returns.
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

  /** Saves another role for the user; whether it was saved. */
  const change = async (user: Profile, current: AppRole, role: AppRole) => {
    if (role === current) return true;
    try {
      await dataProvider.setRole(user.id, role);
      await roles.refetch();
      notify('Função do usuário atualizada com sucesso.');
      return true;
    } catch (error) {
      notify('Erro ao atualizar função do usuário.', messageOf(error, ''), 'error');
      return false;
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
      <GrantAdminForm />
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
          {users.map((user) => {
            const current = roleOf.get(user.id) ?? 'user';
            return (
              <Card key={user.id} data-testid="user-card">
                <CardContent>
                  <Typography fontWeight="bold">
                    {user.full_name || 'Nome não informado'}
                  </Typography>
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
                  <UserRoleForm current={current} change={(role) => change(user, current, role)} />
                </CardContent>
              </Card>
            );
          })}
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
