import { DEFAULT_COORDINATES, IMAGE_MAX_EXTRA, type ListingResource } from '@guia-fortim/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import {
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNavigate,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { type Resolver, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { messageOf } from '../errorMessage.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { PHONE_EXAMPLE, PRICE_STEP, RATING_STEP } from '../rules/constants.ts';
import { LISTING_FIELD_LABELS as LABELS, LISTING_COLUMN_LABELS } from '../rules/fieldLabels.ts';
import { newKindLabel } from '../rules/kinds.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { ListingStats } from '../stats/ListingStats.tsx';
import {
  emptyListingForm,
  type ListingField,
  type ListingFormState,
  labelledRequired,
  listingFormFromRecord,
  listingPayload,
  validateListingForm,
} from './formRules.ts';
import { ChipListInput, ImageStylesInput, ImageUploadInput } from './inputs.tsx';
import { useCategoryNames } from './useCategoryNames.ts';

/** The domain's write schema, through validateListingForm, as react-hook-form's resolver. */
function listingResolver(kind: ListingResource): Resolver<ListingFormState> {
  return async (values) => {
    const problem = validateListingForm(kind, values);
    if (!problem) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problem.fields).map(([field, message]) => [
        field,
        { type: 'validate', message },
      ]),
    );
    return { values: {}, errors };
  };
}

/**
 * The spec's toast for a save the form refused ('Campos incompletos' / 'Por favor, preencha…', or
 * the first invalid value), once per click on Salvar.
 */
function InvalidFormToast({ kind }: { kind: ListingResource }) {
  const notify = useTitledNotify();
  const { getValues } = useFormContext<ListingFormState>();
  const { submitCount, isSubmitSuccessful } = useFormState();
  // Once per click on Salvar (each one counts a submit); read the values then, not on every key.
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful) return;
    const problem = validateListingForm(kind, getValues());
    if (problem) notify(problem.title, problem.description, 'error');
  }, [submitCount, isSubmitSuccessful, kind, getValues, notify]);
  return null;
}

function FormToolbar({ kind }: { kind: ListingResource }) {
  const navigate = useNavigate();
  const { isSubmitting } = useFormState();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={isSubmitting ? 'Salvando...' : 'Salvar'} alwaysEnable />
      <Button onClick={() => navigate(`/admin/${kind}`)} disabled={isSubmitting}>
        Cancelar
      </Button>
    </Toolbar>
  );
}

function ListingInputs({ kind }: { kind: ListingResource }) {
  const info = kindTexts(kind);
  const categories = useCategoryNames(info.kind);
  const current = useWatch({ name: 'categoria' }) as string;
  const defaults = DEFAULT_COORDINATES[info.kind];
  const labelOf = (name: ListingField, label: string) =>
    labelledRequired(kind, name) ? `${label} *` : label;
  const text = (name: ListingField, label: string, props: Record<string, unknown> = {}) => (
    <TextInput source={name} label={labelOf(name, label)} helperText={false} {...props} />
  );
  const choices = [...new Set([...categories, ...(current ? [current] : [])])].map((name) => ({
    id: name,
    name,
  }));
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {text('name', LABELS.name)}
      {text('description', LABELS.description, { multiline: true, minRows: 3 })}
      {kind !== 'passeios' ? text('address', LABELS.address) : null}
      {kind === 'comercios' ? text('horario', LABELS.horario) : null}
      {kind === 'passeios' ? text('ponto_encontro', LABELS.ponto_encontro) : null}
      {kind === 'passeios' ? text('duracao', LABELS.duracao) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {kind !== 'comercios'
          ? text('price', LABELS.price, {
              type: 'number',
              slotProps: { htmlInput: { min: 0, step: PRICE_STEP } },
            })
          : null}
        {text('phone', LABELS.phone, { placeholder: PHONE_EXAMPLE })}
        {text('rating', LABELS.rating, {
          type: 'number',
          slotProps: { htmlInput: { min: 0, max: 5, step: RATING_STEP } },
        })}
      </Stack>
      {kind === 'hospedagens' ? (
        <ChipListInput
          source="categorias"
          label={LABELS.categorias}
          required={labelledRequired(kind, 'categorias')}
          options={categories}
        />
      ) : (
        <SelectInput
          source="categoria"
          label={labelOf('categoria', LABELS.categoria)}
          choices={choices}
          helperText={false}
          emptyText=""
        />
      )}
      {kind === 'passeios' ? (
        <ChipListInput
          source="itens_incluidos"
          label={LABELS.itens_incluidos}
          required={labelledRequired(kind, 'itens_incluidos')}
        />
      ) : null}
      {text('amenities', `${LABELS.amenities} (separadas por vírgula)`, {
        placeholder: 'Wi-Fi, Piscina, Café da manhã',
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('latitude', LABELS.latitude, { placeholder: String(defaults.lat) })}
        {text('longitude', LABELS.longitude, { placeholder: String(defaults.lng) })}
      </Stack>
      <ImageUploadInput
        source="image_url"
        label={labelOf('image_url', LABELS.image_url)}
        folder={kind}
        max={1}
      />
      <ImageStylesInput source="image_styles" imageSource="image_url" />
      <ImageUploadInput
        source="additional_images"
        label={`${LABELS.additional_images} (máximo ${IMAGE_MAX_EXTRA})`}
        folder={kind}
        max={IMAGE_MAX_EXTRA}
      />
      <InvalidFormToast kind={kind} />
    </Stack>
  );
}

/** One form for both screens; what the admin typed stays text until the payload is made. */
function ListingFormBody({ kind, title }: { kind: ListingResource; title: string }) {
  const record = useRecordContext();
  const values = useMemo(
    () => (record ? listingFormFromRecord(record) : emptyListingForm()),
    [record],
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      <SimpleForm
        record={values as never}
        resolver={listingResolver(kind)}
        toolbar={<FormToolbar kind={kind} />}
        warnWhenUnsavedChanges
        disableInvalidFormNotification
        noValidate
      >
        <ListingInputs kind={kind} />
      </SimpleForm>
    </>
  );
}

/**
 * The spec's toasts for a save ('Hospedagem criada'; 'Erro ao criar hospedagem: {the worker's
 * message}'), then back to the list; they replace react-admin's own, redirect included.
 */
function useSaveOutcome(kind: ListingResource, action: 'criar' | 'atualizar') {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  const info = kindTexts(kind);
  return {
    onSuccess: () => {
      notify(action === 'criar' ? info.created : info.updated);
      redirect('list', kind);
    },
    onError: (error: unknown) =>
      notify(
        `Erro ao ${action} ${info.singular}: ${messageOf(error, 'tente novamente.')}`,
        undefined,
        'error',
      ),
  };
}

export function ListingCreate({ kind }: { kind: ListingResource }) {
  const info = kindTexts(kind);
  const outcome = useSaveOutcome(kind, 'criar');
  return (
    <Create
      resource={kind}
      title={newKindLabel(info.kind)}
      transform={(values: ListingFormState) => listingPayload(kind, values)}
      mutationOptions={outcome}
      sx={{ mt: 2 }}
    >
      <ListingFormBody kind={kind} title={newKindLabel(info.kind)} />
    </Create>
  );
}

/**
 * The item's history under its form. Restoring a version reads the item again (react-admin's
 * refresh): the form is reset to the restored values, never left showing the old ones.
 */
function ListingHistory({ kind }: { kind: ListingResource }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <HistoryPanel
      table={kind}
      rowId={String(record.id)}
      fieldLabels={LISTING_COLUMN_LABELS}
      sx={{ mx: 2, mb: 2 }}
    />
  );
}

export function ListingEdit({ kind }: { kind: ListingResource }) {
  const info = kindTexts(kind);
  const notify = useTitledNotify();
  const outcome = useSaveOutcome(kind, 'atualizar');
  const title = `Editar ${info.singular}`;
  return (
    <Edit
      resource={kind}
      title={title}
      mutationMode="pessimistic"
      transform={(values: ListingFormState) => listingPayload(kind, values)}
      queryOptions={{
        onError: () =>
          notify(`Não foi possível carregar os dados ${info.ofThe}.`, undefined, 'error'),
      }}
      mutationOptions={outcome}
      sx={{ mt: 2 }}
    >
      <ListingFormBody kind={kind} title={title} />
      <ListingStats sx={{ mx: 2, mb: 3 }} />
      <ListingHistory kind={kind} />
    </Edit>
  );
}
