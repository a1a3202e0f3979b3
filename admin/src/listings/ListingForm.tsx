import {
  DEFAULT_COORDINATES,
  type FieldDefinition,
  type FieldType,
  IMAGE_MAX_EXTRA,
  type KindFields,
  type ListingResource,
} from '@guia-fortim/domain';
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
import { LISTING_COLUMN_LABELS } from '../fieldLabels.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { newKindLabel } from '../kindLabels.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { ListingStats } from '../stats/ListingStats.tsx';
import { PHONE_EXAMPLE, PRICE_STEP, RATING_STEP } from './constants.ts';
import {
  emptyListingForm,
  fieldsOf,
  type ListingFormState,
  labelledRequired,
  listingFormFromRecord,
  listingPayload,
  validateListingForm,
} from './formRules.ts';
import { ChipListInput, ImageStylesInput, ImageUploadInput } from './inputs.tsx';
import { kindTexts } from './kindTexts.ts';
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
 * The toast for a save the form refused ('Campos incompletos' / 'Por favor, preencha…', or
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

/** Fields of these types share a row on a wide screen: the numbers, the coordinates. */
const ROW_OF: Partial<Record<FieldType, string>> = {
  price: 'numbers',
  whatsapp: 'numbers',
  rating: 'numbers',
  latitude: 'coordinates',
  longitude: 'coordinates',
};

/** The kind's fields in order, those that share a row together. */
function formRows(fields: readonly FieldDefinition[]): FieldDefinition[][] {
  const rows: FieldDefinition[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    const row = ROW_OF[field.type];
    if (row && last && ROW_OF[last[0]?.type as FieldType] === row) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

function ListingInputs({ kind, definition }: { kind: ListingResource; definition: KindFields }) {
  const info = kindTexts(kind);
  const categories = useCategoryNames(info.kind);
  const category = definition.fields.find((field) => field.type === 'category');
  const current = useWatch({ name: category?.column ?? 'categoria' }) as string | undefined;
  const defaults = DEFAULT_COORDINATES[info.kind];
  const photo = definition.fields.find((field) => field.type === 'photo');
  const labelOf = (field: FieldDefinition) =>
    labelledRequired(kind, field) ? `${field.label} *` : field.label;
  const text = (field: FieldDefinition, props: Record<string, unknown> = {}) => (
    <TextInput
      key={field.column}
      source={field.column}
      label={labelOf(field)}
      helperText={false}
      {...props}
    />
  );
  const choices = [...new Set([...categories, ...(current ? [current] : [])])].map((name) => ({
    id: name,
    name,
  }));
  const input = (field: FieldDefinition) => {
    switch (field.type) {
      case 'longText':
        return text(field, { multiline: true, minRows: 3 });
      case 'price':
        return text(field, {
          type: 'number',
          slotProps: { htmlInput: { min: 0, step: PRICE_STEP } },
        });
      case 'whatsapp':
        return text(field, { placeholder: PHONE_EXAMPLE });
      case 'rating':
        return text(field, {
          type: 'number',
          slotProps: { htmlInput: { min: 0, max: 5, step: RATING_STEP } },
        });
      case 'categories':
      case 'items':
        return (
          <ChipListInput
            key={field.column}
            source={field.column}
            label={field.label}
            required={labelledRequired(kind, field)}
            options={field.type === 'categories' ? categories : undefined}
          />
        );
      case 'category':
        return (
          <SelectInput
            key={field.column}
            source={field.column}
            label={labelOf(field)}
            choices={choices}
            helperText={false}
            emptyText=""
          />
        );
      case 'amenities':
        return text(field, {
          label: `${labelOf(field)} (separadas por vírgula)`,
          placeholder: 'Wi-Fi, Piscina, Café da manhã',
        });
      case 'latitude':
        return text(field, { placeholder: String(defaults.lat) });
      case 'longitude':
        return text(field, { placeholder: String(defaults.lng) });
      case 'photo':
        return (
          <ImageUploadInput
            key={field.column}
            source={field.column}
            label={labelOf(field)}
            folder={kind}
            max={1}
          />
        );
      case 'photoStyles':
        return (
          <ImageStylesInput
            key={field.column}
            source={field.column}
            imageSource={photo?.column ?? 'image_url'}
          />
        );
      case 'gallery':
        return (
          <ImageUploadInput
            key={field.column}
            source={field.column}
            label={`${labelOf(field)} (máximo ${IMAGE_MAX_EXTRA})`}
            folder={kind}
            max={IMAGE_MAX_EXTRA}
          />
        );
      default:
        return text(field);
    }
  };
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {formRows(definition.fields).map((row) =>
        row.length === 1 && !ROW_OF[row[0]?.type as FieldType] ? (
          input(row[0] as FieldDefinition)
        ) : (
          <Stack
            key={row.map((field) => field.column).join()}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
          >
            {row.map(input)}
          </Stack>
        ),
      )}
      <InvalidFormToast kind={kind} />
    </Stack>
  );
}

/** One form for both screens; what the admin typed stays text until the payload is made. */
function ListingFormBody({
  kind,
  title,
  definition,
}: {
  kind: ListingResource;
  title: string;
  definition: KindFields;
}) {
  const record = useRecordContext();
  const values = useMemo(
    () =>
      record
        ? listingFormFromRecord(record, definition.fields)
        : emptyListingForm(definition.fields),
    [record, definition],
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
        <ListingInputs kind={kind} definition={definition} />
      </SimpleForm>
    </>
  );
}

/**
 * The toasts for a save ('Hospedagem criada'; 'Erro ao criar hospedagem: {the worker's
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

/** A kind's screens take its field definitions from the domain, or those given. */
interface ListingScreenProps {
  kind: ListingResource;
  definition?: KindFields;
}

export function ListingCreate({ kind, definition = fieldsOf(kind) }: ListingScreenProps) {
  const info = kindTexts(kind);
  const outcome = useSaveOutcome(kind, 'criar');
  return (
    <Create
      resource={kind}
      title={newKindLabel(info.kind)}
      transform={(values: ListingFormState) => listingPayload(kind, values, definition.fields)}
      mutationOptions={outcome}
      sx={{ mt: 2 }}
    >
      <ListingFormBody kind={kind} title={newKindLabel(info.kind)} definition={definition} />
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

export function ListingEdit({ kind, definition = fieldsOf(kind) }: ListingScreenProps) {
  const info = kindTexts(kind);
  const notify = useTitledNotify();
  const outcome = useSaveOutcome(kind, 'atualizar');
  const title = `Editar ${info.singular}`;
  return (
    <Edit
      resource={kind}
      title={title}
      mutationMode="pessimistic"
      transform={(values: ListingFormState) => listingPayload(kind, values, definition.fields)}
      queryOptions={{
        onError: () =>
          notify(`Não foi possível carregar os dados ${info.ofThe}.`, undefined, 'error'),
      }}
      mutationOptions={outcome}
      sx={{ mt: 2 }}
    >
      <ListingFormBody kind={kind} title={title} definition={definition} />
      <ListingStats sx={{ mx: 2, mb: 3 }} />
      <ListingHistory kind={kind} />
    </Edit>
  );
}
