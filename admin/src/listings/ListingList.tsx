import {
  type FieldDefinition,
  inTableOrder,
  type KindFields,
  type ListingResource,
} from '@guia-fortim/domain';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { forwardRef } from 'react';
import {
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
  ExportButton,
  LinkBase as Link,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useResourceContext,
} from 'react-admin';
import {
  CATEGORY_FILTER,
  EXTRA_PHOTOS_FILTER,
  NAME_SEARCH,
  PUBLIC_ORDER,
} from '../dataProvider.ts';
import { formatMoney } from '../i18n.ts';
import { STACKED_ON_PHONE } from '../layout/stackedTable.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { chipsToShow } from './chips.ts';
import { fieldsOf } from './formRules.ts';
import { kindTexts } from './kindTexts.ts';
import { ListingActions } from './ListingActions.tsx';
import { ListingBulkActions } from './ListingBulkActions.tsx';
import { listingExporter } from './listingExporter.ts';
import type { ListingRow } from './listingRow.ts';
import { OrderingSwitch } from './OrderingSwitch.tsx';
import { useCategoryNames } from './useCategoryNames.ts';

/**
 * Words never break in the middle on a computer (the body lets a long unbroken name wrap
 * anywhere); on a phone each row becomes a stacked block with its column name beside each value.
 */
const LIST_LAYOUT = {
  '& th, & td': { overflowWrap: 'normal' },
  '& th, & td.column-price, & td.column-rating': { whiteSpace: 'nowrap' },
  '& td.column-name': { overflowWrap: 'anywhere' },
  // On a computer the name keeps room for its words (a hyphenated one would break at the hyphen)
  // beside the selection checkboxes and the actions.
  '@media (min-width: 900px)': { '& td.column-name': { minWidth: '14rem' } },
  ...STACKED_ON_PHONE,
} as const;

const Row = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => (
  <DataTableRow ref={ref} {...props} data-testid="listing-row" />
));

function Body(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={Row} />;
}

/** One category or several, as a list. */
function categoriesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value ? [value] : [];
}

function Categories({ value }: { value: unknown }) {
  const chips = chipsToShow(categoriesOf(value));
  return (
    <>
      {chips.shown.map((name) => (
        <Chip key={name} label={name} size="small" sx={{ mr: 0.5 }} />
      ))}
      {chips.more ? <span title="Mais categorias">…</span> : null}
    </>
  );
}

const YES_NO = [
  { id: true, name: 'Sim' },
  { id: false, name: 'Não' },
];
const EXTRA_PHOTOS = [
  { id: 'com', name: 'Com fotos extras' },
  { id: 'sem', name: 'Sem fotos extras' },
];

/** The search and the filters, always on screen and kept in the address. */
function listingFilters(categories: string[]) {
  const choice = { alwaysOn: true, helperText: false, emptyText: 'Todos', sx: { minWidth: 160 } };
  return [
    <TextInput key="q" source={NAME_SEARCH} label="Buscar por nome" alwaysOn />,
    <SelectInput
      key="categoria"
      source={CATEGORY_FILTER}
      label="Categoria"
      choices={categories.map((name) => ({ id: name, name }))}
      {...choice}
      emptyText="Todas"
    />,
    <SelectInput
      key="destaque"
      source="is_featured"
      label="Destaque"
      choices={YES_NO}
      {...choice}
    />,
    <SelectInput key="topo" source="is_pinned" label="Topo" choices={YES_NO} {...choice} />,
    <SelectInput
      key="fotos"
      source={EXTRA_PHOTOS_FILTER}
      label="Fotos extras"
      choices={EXTRA_PHOTOS}
      {...choice}
    />,
  ];
}

/** The list's column showing a field, chosen by the field's type. */
function fieldColumn(field: FieldDefinition & { list: string }) {
  const header = { label: field.list, 'data-label': field.list };
  switch (field.type) {
    case 'category':
    case 'categories':
      return (
        <DataTable.Col
          key={field.column}
          {...header}
          disableSort
          render={(row: ListingRow) => <Categories value={row[field.column]} />}
        />
      );
    case 'price':
      return (
        <DataTable.Col
          key={field.column}
          {...header}
          source={field.column}
          render={(row: ListingRow) => formatMoney(row[field.column])}
        />
      );
    case 'rating':
      return (
        <DataTable.Col
          key={field.column}
          {...header}
          source={field.column}
          render={(row: ListingRow) => Number(row[field.column] ?? 0).toLocaleString('pt-BR')}
        />
      );
    default:
      return <DataTable.Col key={field.column} {...header} source={field.column} />;
  }
}

/**
 * A kind's listings: searched, filtered, sorted and paged by the database, in the public order
 * first.
 */
export default function ListingList({ definition }: { definition?: KindFields }) {
  const kind = useResourceContext() as ListingResource;
  const columns = inTableOrder((definition ?? fieldsOf(kind)).fields).filter(
    (field): field is FieldDefinition & { list: string } => field.list !== undefined,
  );
  const info = kindTexts(kind);
  const categories = useCategoryNames(info.kind);
  const notify = useTitledNotify();
  return (
    <>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1">
          {info.label}
        </Typography>
        <Button variant="contained" component={Link} to={`/admin/${kind}/novo`}>
          Adicionar
        </Button>
      </Stack>
      <List
        title={info.label}
        sort={{ field: PUBLIC_ORDER, order: 'ASC' }}
        perPage={25}
        debounce={300}
        filters={listingFilters(categories)}
        actions={
          <TopToolbar>
            <ExportButton label="Exportar CSV" />
          </TopToolbar>
        }
        exporter={listingExporter(kind, definition)}
        empty={false}
        queryOptions={{
          onError: () =>
            notify(`Não foi possível carregar ${info.pluralWithArticle}.`, '', 'error'),
        }}
      >
        <DataTable
          body={Body}
          bulkActionButtons={<ListingBulkActions kind={kind} />}
          rowClick={false}
          sx={LIST_LAYOUT}
          empty={<Typography sx={{ p: 2 }}>Nenhum item encontrado.</Typography>}
        >
          {columns.map(fieldColumn)}
          <DataTable.Col
            source="is_featured"
            label="Destaque"
            data-label="Destaque"
            sortByOrder="DESC"
            render={(row: ListingRow) => (
              <OrderingSwitch kind={kind} row={row} ordering="featured" />
            )}
          />
          <DataTable.Col
            source="is_pinned"
            label="Topo"
            data-label="Topo"
            sortByOrder="DESC"
            render={(row: ListingRow) => <OrderingSwitch kind={kind} row={row} ordering="pinned" />}
          />
          <DataTable.Col
            label="Ações"
            data-label="Ações"
            render={(row: ListingRow) => <ListingActions kind={kind} row={row} />}
          />
        </DataTable>
      </List>
    </>
  );
}
