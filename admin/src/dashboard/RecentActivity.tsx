// The dashboard's 'Atividade recente': the latest changes of every admin, newest first, each
// leading to the item's edit screen (or to the Lixeira while it is there).
import type { AuditEntry } from '@guia-fortim/domain';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { LinkBase as Link, useGetList } from 'react-admin';
import { activityLinks, activitySentence, relativeTime } from '../history/describe.ts';
import { TRASH_PATH } from '../history/tableNouns.ts';
import { formatDate } from '../i18n.ts';
import { HISTORY } from '../resources.ts';

/** How many changes 'Atividade recente' shows. */
export const RECENT_ACTIVITY_SIZE = 10;

/** The latest changes of everyone ('ana@… editou a hospedagem “Pousada do Rio”'), newest first. */
export default function RecentActivity() {
  const { data, isPending, error } = useGetList<AuditEntry & { id: number }>(HISTORY, {
    pagination: { page: 1, perPage: RECENT_ACTIVITY_SIZE },
    sort: { field: 'id', order: 'DESC' },
    // Not the versions themselves (a legal text's can be 20,000 characters).
    meta: { columns: ['id', 'at', 'actor_email', 'table_name', 'row_id', 'action', 'label'] },
  });
  const links = activityLinks(data ?? []);
  return (
    <Box component="section" aria-labelledby="recent-activity" sx={{ mt: 4 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" id="recent-activity">
          Atividade recente
        </Typography>
        <Button component={Link} to={TRASH_PATH} size="small">
          Ver lixeira
        </Button>
      </Stack>
      <Card>
        {isPending ? (
          <Typography sx={{ p: 2 }}>Carregando...</Typography>
        ) : error || !data ? (
          <Typography color="error" sx={{ p: 2 }}>
            Não foi possível carregar a atividade recente.
          </Typography>
        ) : data.length === 0 ? (
          <Typography sx={{ p: 2 }}>Nenhuma alteração registrada ainda.</Typography>
        ) : (
          <Box component="ul" aria-label="Atividade recente" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.map((entry, index) => {
              const sentence = activitySentence(entry);
              const link = links[index];
              return (
                <Box
                  component="li"
                  key={entry.id}
                  data-testid="activity-entry"
                  sx={{
                    px: 2,
                    py: 1,
                    overflowWrap: 'anywhere',
                    borderBottom: index < data.length - 1 ? 1 : 0,
                    borderColor: 'divider',
                  }}
                >
                  {link ? (
                    <Link to={link} style={{ color: 'inherit' }}>
                      {sentence}
                    </Link>
                  ) : (
                    sentence
                  )}
                  <Typography variant="body2" color="text.secondary" component="div">
                    <time dateTime={entry.at} title={formatDate(entry.at)}>
                      {relativeTime(entry.at)}
                    </time>
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </Card>
    </Box>
  );
}
