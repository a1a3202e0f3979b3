import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { CLEARED_KEY_EFFECT, MapsKeyForm } from './MapsKeyForm.tsx';

export default function Settings() {
  const notify = useTitledNotify();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Configurações" />
      <Typography variant="h5" component="h1" gutterBottom>
        Configurações
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Google Maps
          </Typography>
          <MapsKeyForm
            buttonLabel="Salvar chave"
            onSaved={(cleared) =>
              cleared
                ? notify('Chave removida', CLEARED_KEY_EFFECT)
                : notify('Chave salva com sucesso', 'A chave da API do Google Maps foi atualizada.')
            }
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Sobre este painel
          </Typography>
          <Typography variant="body2">
            Este é um painel de demonstração para gerenciar o conteúdo do Guia Fortim: hospedagens,
            comércios, passeios, carrossel, categorias e textos do site.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
