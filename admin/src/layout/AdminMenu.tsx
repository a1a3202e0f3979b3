import {
  Box,
  Button,
  Divider,
  List,
  ListItemButton,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  LinkBase as Link,
  useGetIdentity,
  useLocation,
  usePermissions,
  useSidebarState,
} from 'react-admin';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import type { StaffRole } from '../permissions.ts';
import { isActivePath, sidebarItemsFor } from '../sidebar.ts';
import { signOut } from '../signOut.ts';
import { PublishIndicator } from './PublishIndicator.tsx';

export function AdminMenu() {
  const { pathname } = useLocation();
  const { identity, isPending } = useGetIdentity();
  const notify = useTitledNotify();
  const [, setSidebarOpen] = useSidebarState();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  // Only the screens the role may open (a moderator: the content, not roles or settings), by
  // the rule react-admin's canAccess answers with; nothing until the role is known.
  const { permissions } = usePermissions<StaffRole | 'user'>();
  const items =
    permissions === 'admin' || permissions === 'moderator' ? sidebarItemsFor(permissions) : [];

  const leave = async () => {
    const error = await signOut();
    if (error) {
      notify('Erro ao sair. Tente novamente.', undefined, 'error');
      return;
    }
    notify('Logout realizado', 'Você saiu do painel administrativo.');
    setTimeout(() => window.location.assign('/'), 1200);
  };

  return (
    <Box component="nav" aria-label="Menu do painel" sx={{ width: 240, pt: 1 }}>
      <List dense>
        {items.map((item) => {
          const active = isActivePath(pathname, item.path);
          return (
            <ListItemButton
              key={item.path}
              component={Link}
              to={item.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={() => phone && setSidebarOpen(false)}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
      <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
        <PublishIndicator />
        <Button href="/" target="_blank" rel="noopener" size="small">
          Ver site
        </Button>
        <Button href="/mapa" target="_blank" rel="noopener" size="small">
          Ver mapa
        </Button>
        <Typography variant="body2" color="text.secondary">
          Logado como
        </Typography>
        <Typography variant="body2" fontWeight="bold" data-testid="logged-as">
          {isPending ? '…' : (identity?.fullName ?? 'Admin')}
        </Typography>
        <Button variant="outlined" size="small" onClick={leave}>
          Sair
        </Button>
      </Box>
    </Box>
  );
}
