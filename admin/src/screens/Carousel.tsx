import { type ImageStyles, SLIDE_RECOMMENDED_SIZE } from '@guia-fortim/domain';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useCreate, useGetList, useUpdate } from 'react-admin';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { ImageAdjuster } from '../images/ImageAdjuster.tsx';
import { ImageUpload } from '../images/ImageUpload.tsx';
import { imageStyleCss, normalizeImageStyles } from '../images/imageStyles.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { SLIDES } from '../resources.ts';
import { SLIDE_FIELD_LABELS as LABELS } from '../rules/fieldLabels.ts';
import {
  canDeleteSlide,
  newSlideForm,
  type SlideForm,
  slideFormProblem,
  slideFormReady,
} from '../rules/slideRules.ts';
import { ItemThumb } from './ItemThumb.tsx';

/** The slide photo's recommended size, as the spec words it ('1920x1080'). */
const RECOMMENDED = `${SLIDE_RECOMMENDED_SIZE.width}x${SLIDE_RECOMMENDED_SIZE.height}`;

interface Slide {
  id: string;
  title: string;
  subtitle: string;
  image_url: string;
  link: string;
  order_position: number;
  is_active: boolean;
  image_styles: unknown;
}

function SlidePreview({
  slide,
}: {
  slide: { title: string; subtitle: string; image_url: string; image_styles: ImageStyles };
}) {
  return (
    <Box
      data-testid="slide-preview"
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 720,
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        borderRadius: 2,
        bgcolor: 'grey.800',
      }}
    >
      {slide.image_url ? (
        <img
          src={slide.image_url}
          alt={slide.title || 'Prévia do slide'}
          style={{
            width: '100%',
            height: '100%',
            display: 'block',
            ...imageStyleCss(slide.image_styles),
          }}
        />
      ) : null}
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          color: '#fff',
          background: 'linear-gradient(transparent, rgba(0,0,0,.6))',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="h5" component="p" fontWeight="bold">
          {slide.title}
        </Typography>
        <Typography>{slide.subtitle}</Typography>
        <Box>
          <Button variant="contained" color="secondary" sx={{ mt: 1 }} tabIndex={-1}>
            Saiba Mais
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** The form's values for a slide as read (or as a restored version left it). */
function slideForm(slide: Slide): SlideForm {
  return {
    title: slide.title,
    subtitle: slide.subtitle,
    image_url: slide.image_url,
    link: slide.link,
    order_position: String(slide.order_position),
    is_active: slide.is_active,
    image_styles: normalizeImageStyles(slide.image_styles),
  };
}

export default function Carousel() {
  const notify = useTitledNotify();
  const [editing, setEditing] = useState<{ id?: string; form: SlideForm } | null>(null);
  const { data: slides, isPending } = useGetList<Slide>(
    SLIDES,
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'order_position', order: 'ASC' },
      filter: {},
    },
    { onError: () => notify('Erro ao carregar', 'Não foi possível carregar os slides.', 'error') },
  );
  // Pessimistic: the list changes once the worker has saved (react-admin then reads it again).
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const deleteWithUndo = useDeleteWithUndo();
  const saving = creating || updating;

  const set = (patch: Partial<SlideForm>) =>
    setEditing((current) =>
      current ? { ...current, form: { ...current.form, ...patch } } : current,
    );

  const save = () => {
    if (!editing || !slideFormReady(editing.form)) return;
    const problem = slideFormProblem(editing.form);
    if (problem) {
      notify(problem, undefined, 'error');
      return;
    }
    const { form, id } = editing;
    const data = {
      title: form.title.trim(),
      subtitle: form.subtitle.trim(),
      image_url: form.image_url,
      link: form.link.trim(),
      order_position: Number(form.order_position),
      is_active: form.is_active,
      image_styles: normalizeImageStyles(form.image_styles),
    };
    const failed = () =>
      notify(
        id ? 'Erro ao atualizar slide' : 'Erro ao criar slide',
        'Tente novamente mais tarde',
        'error',
      );
    const done = (message: string) => () => {
      notify(message);
      setEditing(null);
    };
    if (id) {
      update(
        SLIDES,
        { id, data, previousData: { id } },
        {
          mutationMode: 'pessimistic',
          onSuccess: done('Slide atualizado com sucesso!'),
          onError: failed,
        },
      );
    } else {
      create(SLIDES, { data }, { onSuccess: done('Slide criado com sucesso!'), onError: failed });
    }
  };

  const remove = (slide: Slide) => {
    if (!canDeleteSlide(slides?.length ?? 0)) {
      notify('O carrossel deve ter pelo menos um slide.', undefined, 'error');
      return;
    }
    if (!window.confirm('Tem certeza que deseja excluir este slide?')) return;
    // To the Lixeira at once; 'Desfazer' in the notification restores it.
    void deleteWithUndo(SLIDES, slide, {
      success: 'Slide removido com sucesso!',
      onError: () => notify('Erro ao remover slide', 'Tente novamente mais tarde', 'error'),
    });
  };

  const first = slides?.[0];
  const previewed = editing
    ? editing.form
    : first
      ? { ...first, image_styles: normalizeImageStyles(first.image_styles) }
      : null;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Carrossel" />
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          Gerenciar Carrossel
        </Typography>
        {editing ? null : (
          <Button
            variant="contained"
            onClick={() => setEditing({ form: newSlideForm(slides?.length ?? 0) })}
          >
            Adicionar Novo Slide
          </Button>
        )}
      </Stack>
      {previewed ? <SlidePreview slide={previewed} /> : null}
      {editing ? (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {editing.id ? 'Editar Slide' : 'Novo Slide'}
              </Typography>
              <ImageUpload
                label={`${LABELS.image_url} *`}
                hint={`Recomendado: pelo menos ${RECOMMENDED} pixels.`}
                folder="carousel"
                value={editing.form.image_url ? [editing.form.image_url] : []}
                onChange={(urls) => set({ image_url: urls[0] ?? '' })}
                max={1}
              />
              {editing.form.image_url ? (
                <ImageAdjuster
                  imageUrl={editing.form.image_url}
                  value={editing.form.image_styles}
                  onChange={(image_styles) => set({ image_styles })}
                  preview={<Typography variant="body2">A prévia acima mostra o slide.</Typography>}
                />
              ) : null}
              <TextField
                label={`${LABELS.title} *`}
                size="small"
                value={editing.form.title}
                onChange={(e) => set({ title: e.target.value })}
              />
              <TextField
                label={`${LABELS.subtitle} *`}
                size="small"
                value={editing.form.subtitle}
                onChange={(e) => set({ subtitle: e.target.value })}
              />
              <TextField
                label={`${LABELS.link} *`}
                size="small"
                value={editing.form.link}
                onChange={(e) => set({ link: e.target.value })}
              />
              <TextField
                label={LABELS.order_position}
                size="small"
                type="number"
                value={editing.form.order_position}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                onChange={(e) => set({ order_position: e.target.value })}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={editing.form.is_active}
                    onChange={(e) => set({ is_active: e.target.checked })}
                  />
                }
                label={LABELS.is_active}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  onClick={save}
                  disabled={saving || !slideFormReady(editing.form)}
                >
                  {saving ? 'Salvando...' : 'Salvar'}
                </Button>
                <Button onClick={() => setEditing(null)} disabled={saving}>
                  Cancelar
                </Button>
              </Stack>
            </Stack>
            {editing.id ? (
              <HistoryPanel
                key={editing.id}
                table="carousel_slides"
                rowId={editing.id}
                fieldLabels={LABELS}
                // The form is this screen's own state: it takes the restored values.
                onRestored={(row) =>
                  setEditing((current) =>
                    current && current.id === row.id
                      ? { id: current.id, form: slideForm(row as unknown as Slide) }
                      : current,
                  )
                }
                sx={{ mt: 3 }}
              />
            ) : null}
          </CardContent>
        </Card>
      ) : isPending ? (
        <Loading />
      ) : slides === undefined ? (
        <Typography color="error" sx={{ mt: 2 }}>
          Não foi possível carregar os slides.
        </Typography>
      ) : slides.length === 0 ? (
        <Typography sx={{ mt: 2 }}>
          Nenhum slide cadastrado. Clique em "Adicionar Novo Slide" para começar.
        </Typography>
      ) : (
        <Card sx={{ mt: 2 }}>
          <List>
            {slides.map((slide) => (
              <ListItem key={slide.id} data-testid="slide-row">
                <Stack
                  direction="row"
                  spacing={2}
                  alignItems="center"
                  flexWrap="wrap"
                  useFlexGap
                  sx={{ width: '100%' }}
                >
                  <ItemThumb url={slide.image_url} name={slide.title} />
                  <Box sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography fontWeight="bold">
                      {slide.title} {slide.is_active ? null : <Chip size="small" label="Inativo" />}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Ordem: {slide.order_position} | Link: {slide.link}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    onClick={() => setEditing({ id: slide.id, form: slideForm(slide) })}
                  >
                    Editar
                  </Button>
                  <Button size="small" color="error" onClick={() => remove(slide)}>
                    Excluir
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <Card sx={{ mt: 3 }} variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Instruções
          </Typography>
          <Typography variant="body2" component="ul" sx={{ pl: 2 }}>
            <li>Use imagens com pelo menos {RECOMMENDED} pixels para melhor qualidade.</li>
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
