import { SLIDE_RECOMMENDED_SIZE } from '@guia-fortim/domain';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/** The slide photo's recommended size, as the panel words it ('1920x1080'). */
export const RECOMMENDED_SIZE = `${SLIDE_RECOMMENDED_SIZE.width}x${SLIDE_RECOMMENDED_SIZE.height}`;

/** The carousel's screens: the list, a new slide and a slide's edit, over the same instructions. */
export function CarouselPage({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Carrossel" />
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          Gerenciar Carrossel
        </Typography>
        {action}
      </Stack>
      {children}
      <Card sx={{ mt: 3 }} variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Instruções
          </Typography>
          <Typography variant="body2" component="ul" sx={{ pl: 2 }}>
            <li>Use imagens com pelo menos {RECOMMENDED_SIZE} pixels para melhor qualidade.</li>
            <li>Apenas slides ativos aparecem na página inicial, na ordem de exibição.</li>
            <li>
              O link do botão "Saiba Mais" pode ser um caminho do site (ex.: /passeios) ou um
              endereço http(s).
            </li>
            <li>O carrossel deve ter pelo menos um slide.</li>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
