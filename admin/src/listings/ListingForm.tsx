import { DEFAULT_COORDINATES, IMAGE_MAX_EXTRA, type ListingResource } from '@guia-fortim/domain';
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
import { Title, useDataProvider, useNavigate, useParams } from 'react-admin';

import { ApiError } from '../api.ts';
import { ImageAdjuster } from '../images/ImageAdjuster.tsx';
import { ImageUpload } from '../images/ImageUpload.tsx';
import { Loading } from '../layout/AdminLayout.tsx';
import { PHONE_EXAMPLE, PRICE_STEP, RATING_STEP } from '../rules/constants.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { messageOf, useToast } from '../toast.tsx';
import { ChipListField } from './ChipListField.tsx';
import {
  emptyListingForm,
  type ListingField,
  type ListingFormState,
  labelledRequired,
  listingFormFromRecord,
  listingPayload,
  validateListingForm,
} from './formRules.ts';
import { useCategoryNames } from './useCategoryNames.ts';

export default function ListingForm({ kind }: { kind: ListingResource }) {
  const { id } = useParams();
  const info = kindTexts(kind);
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const toast = useToast();
  const categories = useCategoryNames(info.kind);
  const [form, setForm] = useState<ListingFormState>(emptyListingForm);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [loading, setLoading] = useState(Boolean(id));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    dataProvider
      .getOne(kind, { id })
      .then(({ data }) => setForm(listingFormFromRecord(data)))
      .catch(() => toast(`Não foi possível carregar os dados ${info.ofThe}.`, undefined, 'error'))
      .finally(() => setLoading(false));
  }, [dataProvider, id, kind, toast, info.ofThe]);

  const set = <K extends ListingField>(field: K, value: ListingFormState[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  /** The label, with the asterisk where the field is required. */
  const labelOf = (name: ListingField, label: string) =>
    labelledRequired(kind, name) ? `${label} *` : label;

  const field = (name: ListingField, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={labelOf(name, label)}
      name={name}
      value={form[name] as string}
      onChange={(event) => set(name, event.target.value as never)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      size="small"
      {...props}
    />
  );

  const save = async () => {
    const problem = validateListingForm(kind, form);
    if (problem) {
      setErrors(problem.fields);
      toast(problem.title, problem.description, 'error');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const data = listingPayload(kind, form);
      if (id) await dataProvider.update(kind, { id, data, previousData: { id } });
      else await dataProvider.create(kind, { data });
      toast(id ? info.updated : info.created);
      navigate(`/admin/${kind}`);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      const action = id ? 'atualizar' : 'criar';
      toast(
        `Erro ao ${action} ${info.singular}: ${messageOf(error, 'tente novamente.')}`,
        undefined,
        'error',
      );
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Loading />;
  const defaults = DEFAULT_COORDINATES[info.kind];
  const title = `${id ? 'Editar' : 'Novo'} ${info.singular}`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack spacing={2}>
            {field('name', 'Nome')}
            {field('description', 'Descrição', { multiline: true, minRows: 3 })}
            {kind !== 'passeios' ? field('address', 'Endereço') : null}
            {kind === 'comercios' ? field('horario', 'Horário de funcionamento') : null}
            {kind === 'passeios' ? field('ponto_encontro', 'Ponto de encontro') : null}
            {kind === 'passeios' ? field('duracao', 'Duração') : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {kind !== 'comercios'
                ? field('price', 'Preço (R$)', {
                    type: 'number',
                    slotProps: { htmlInput: { min: 0, step: PRICE_STEP } },
                  })
                : null}
              {field('phone', 'Telefone (WhatsApp)', { placeholder: PHONE_EXAMPLE })}
              {field('rating', 'Avaliação (0 a 5)', {
                type: 'number',
                slotProps: { htmlInput: { min: 0, max: 5, step: RATING_STEP } },
              })}
            </Stack>
            {kind === 'hospedagens' ? (
              <ChipListField
                label="Categorias"
                required={labelledRequired(kind, 'categorias')}
                values={form.categorias}
                onChange={(values) => set('categorias', values)}
                options={categories}
                error={errors.categorias}
              />
            ) : (
              <TextField
                select
                label={labelOf('categoria', 'Categoria')}
                name="categoria"
                size="small"
                value={form.categoria}
                onChange={(event) => set('categoria', event.target.value)}
                error={Boolean(errors.categoria)}
                helperText={errors.categoria}
              >
                {[...new Set([...categories, ...(form.categoria ? [form.categoria] : [])])].map(
                  (name) => (
                    <MenuItem key={name} value={name}>
                      {name}
                    </MenuItem>
                  ),
                )}
              </TextField>
            )}
            {kind === 'passeios' ? (
              <ChipListField
                label="Itens incluídos"
                required={labelledRequired(kind, 'itens_incluidos')}
                values={form.itens_incluidos}
                onChange={(values) => set('itens_incluidos', values)}
              />
            ) : null}
            {field('amenities', 'Comodidades (separadas por vírgula)', {
              placeholder: 'Wi-Fi, Piscina, Café da manhã',
            })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('latitude', 'Latitude', { placeholder: String(defaults.lat) })}
              {field('longitude', 'Longitude', { placeholder: String(defaults.lng) })}
            </Stack>
            <Box>
              <ImageUpload
                label={labelOf('image_url', 'Imagem principal')}
                folder={kind}
                value={form.image_url ? [form.image_url] : []}
                onChange={(urls) => set('image_url', urls[0] ?? '')}
                max={1}
              />
              {errors.image_url ? (
                <Typography color="error" variant="caption">
                  {errors.image_url}
                </Typography>
              ) : null}
            </Box>
            {form.image_url ? (
              <ImageAdjuster
                imageUrl={form.image_url}
                value={form.image_styles}
                onChange={(styles) => set('image_styles', styles)}
                title={form.name}
              />
            ) : null}
            <ImageUpload
              label={`Fotos adicionais (máximo ${IMAGE_MAX_EXTRA})`}
              folder={kind}
              value={form.additional_images}
              onChange={(urls) => set('additional_images', urls)}
              max={IMAGE_MAX_EXTRA}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={saving}>
                {saving ? 'Salvando...' : 'Salvar'}
              </Button>
              <Button onClick={() => navigate(`/admin/${kind}`)} disabled={saving}>
                Cancelar
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
