import { kindOfResource, LISTING_RESOURCES } from '@guia-fortim/domain';
import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { CLEARED_KEY_EFFECT, MapsKeyForm } from './MapsKeyForm.tsx';

/** The map screen's table of places shows at most this many. */
export const MAP_ADMIN_TABLE_LIMIT = 10;

interface Location {
  id: string;
  name: string;
  type: string;
  latitude: unknown;
  longitude: unknown;
}

/**
 * The newest places of each kind, lodgings first, the first MAP_ADMIN_TABLE_LIMIT of them; read
 * through the data provider with react-query, as react-admin's own reads are.
 */
function useMapLocations() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['map_locations', MAP_ADMIN_TABLE_LIMIT],
    queryFn: async (): Promise<Location[]> => {
      const lists = await Promise.all(
        LISTING_RESOURCES.map(async (kind) => {
          const { data } = await dataProvider.getList(kind, {
            pagination: { page: 1, perPage: MAP_ADMIN_TABLE_LIMIT },
            sort: { field: 'created_at', order: 'DESC' },
            filter: {},
          });
          return data.map((row) => ({
            id: `${kind}-${row.id}`,
            name: String(row.name),
            type: kindOfResource(kind),
            latitude: row.latitude,
            longitude: row.longitude,
          }));
        }),
      );
      return lists.flat().slice(0, MAP_ADMIN_TABLE_LIMIT);
    },
  });
}

export default function MapSettings() {
  const notify = useTitledNotify();
  const { data: locations, isError: readFailed } = useMapLocations();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Configurações do Mapa" />
      <Typography variant="h5" component="h1" gutterBottom>
        Configurações do Mapa
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <MapsKeyForm
            buttonLabel="Salvar"
            onSaved={(cleared) =>
              cleared
                ? notify('Chave removida', CLEARED_KEY_EFFECT)
                : notify('Chave da API salva com sucesso!')
            }
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Localizações
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell>Latitude</TableCell>
                <TableCell>Longitude</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(locations ?? []).map((location) => (
                <TableRow key={location.id}>
                  <TableCell>{location.name}</TableCell>
                  <TableCell>{location.type}</TableCell>
                  <TableCell>{String(location.latitude ?? '')}</TableCell>
                  <TableCell>{String(location.longitude ?? '')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {readFailed ? (
            <Typography role="alert" sx={{ mt: 2 }}>
              Não foi possível carregar as localizações.
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Para alterar a localização de um item, edite-o na sua própria página de edição.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
