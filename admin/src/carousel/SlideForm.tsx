import {
  type CarouselSlide,
  DEFAULT_IMAGE_STYLES,
  MESSAGES,
  SLIDE_DEFAULT_LINK,
  slideCreateSchema,
  slideUpdateSchema,
} from '@guia-fortim/domain';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import {
  CreateBase,
  EditBase,
  useEditContext,
  useGetList,
  useRedirect,
  useSaveContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SLIDE_FIELD_LABELS } from '../fieldLabels.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { normalizeImageStyles } from '../images/imageStyles.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { SLIDES } from '../resources.ts';
import { CarouselPage } from './CarouselPage.tsx';
import { SlideFormPreview, SlideInputs } from './inputs.tsx';

type SlideSchema = typeof slideCreateSchema | typeof slideUpdateSchema;
type SlideValues = z.input<typeof slideCreateSchema>;

/**
 * Salvar waits for every field the schema requires (title, subtitle, photo, link); a value the
 * schema refuses otherwise (a `javascript:` link, order 0) is said when Salvar is clicked.
 */
function SaveButton({ schema }: { schema: SlideSchema }) {
  const { saving } = useSaveContext();
  const values = useWatch();
  const parsed = schema.safeParse(values);
  const missing =
    !parsed.success && parsed.error.issues.some((i) => i.message === MESSAGES.required);
  return (
    <Button type="submit" variant="contained" disabled={saving || missing}>
      {saving ? 'Salvando...' : 'Salvar'}
    </Button>
  );
}

function SlideFormCard({
  heading,
  schema,
  values,
  children,
}: {
  heading: string;
  schema: SlideSchema;
  values: SlideValues;
  children?: ReactNode;
}) {
  const redirect = useRedirect();
  const notify = useTitledNotify();
  const { saving } = useSaveContext();
  return (
    <SchemaForm
      schema={schema}
      record={values as never}
      mode="onTouched"
      onInvalid={(message) => notify(message, undefined, 'error')}
    >
      <SlideFormPreview />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {heading}
            </Typography>
            <SlideInputs />
            <Stack direction="row" spacing={1}>
              <SaveButton schema={schema} />
              <Button onClick={() => redirect('list', SLIDES)} disabled={saving}>
                Cancelar
              </Button>
            </Stack>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </SchemaForm>
  );
}

/** The worker's answer, in the screen's words; then back to the list. */
function useSaveOutcome(action: 'criar' | 'atualizar') {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(action === 'criar' ? 'Slide criado com sucesso!' : 'Slide atualizado com sucesso!');
      redirect('list', SLIDES);
    },
    onError: () =>
      notify(
        action === 'criar' ? 'Erro ao criar slide' : 'Erro ao atualizar slide',
        'Tente novamente mais tarde',
        'error',
      ),
  };
}

/** A new slide is last (slide count + 1), active, links to the default page, framed by default. */
function NewSlideForm() {
  const { total, isPending } = useGetList(SLIDES, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'order_position', order: 'ASC' },
  });
  const values = useMemo<SlideValues>(
    () => ({
      title: '',
      subtitle: '',
      image_url: '',
      link: SLIDE_DEFAULT_LINK,
      order_position: (total ?? 0) + 1,
      is_active: true,
      image_styles: { ...DEFAULT_IMAGE_STYLES },
    }),
    [total],
  );
  if (isPending) return <Loading />;
  return <SlideFormCard heading="Novo Slide" schema={slideCreateSchema} values={values} />;
}

export function SlideCreate() {
  const outcome = useSaveOutcome('criar');
  return (
    <CarouselPage>
      <CreateBase resource={SLIDES} mutationOptions={outcome}>
        <NewSlideForm />
      </CreateBase>
    </CarouselPage>
  );
}

/** The form's values for a slide as read (or as a restored version left it). */
function slideValues(slide: CarouselSlide): SlideValues {
  return {
    title: slide.title,
    subtitle: slide.subtitle,
    image_url: slide.image_url,
    link: slide.link,
    order_position: slide.order_position,
    is_active: slide.is_active,
    image_styles: normalizeImageStyles(slide.image_styles),
  };
}

/**
 * The slide's history under its form. Restoring a version reads the slide again (react-admin's
 * refresh): the form is reset to the restored values.
 */
function EditSlideForm() {
  const { record, isPending } = useEditContext<CarouselSlide>();
  const values = useMemo(() => (record ? slideValues(record) : undefined), [record]);
  if (isPending) return <Loading />;
  if (!record || !values) {
    return <Typography color="error">Não foi possível carregar o slide.</Typography>;
  }
  return (
    <SlideFormCard heading="Editar Slide" schema={slideUpdateSchema} values={values}>
      <HistoryPanel
        table="carousel_slides"
        rowId={String(record.id)}
        fieldLabels={SLIDE_FIELD_LABELS}
        sx={{ mt: 3 }}
      />
    </SlideFormCard>
  );
}

export function SlideEdit() {
  const outcome = useSaveOutcome('atualizar');
  return (
    <CarouselPage>
      <EditBase resource={SLIDES} mutationMode="pessimistic" mutationOptions={outcome}>
        <EditSlideForm />
      </EditBase>
    </CarouselPage>
  );
}
