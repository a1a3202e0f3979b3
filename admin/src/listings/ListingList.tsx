import type { ListingResource } from '@guia-fortim/domain';
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
import { kindTexts } from '../rules/kindTexts.ts';
import { chipsToShow } from '../rules/lists.ts';
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

function categoriesOf(row: ListingRow): string[] {
  if (Array.isArray(row.categorias)) return row.categorias.map(String);
  return typeof row.categoria === 'string' && row.categoria ? [row.categoria] : [];
}

function Categories({ row }: { row: ListingRow }) {
  const chips = chipsToShow(categoriesOf(row));
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

/**
 * A kind's listings: searched, filtered, sorted and paged by the database, in the public order
 * first.
 */
export default function ListingList() {
  const kind = useResourceContext() as ListingResource;
  const info = kindTexts(kind);
  const categories = useCategoryNames(info.kind);
  const notify = useTitledNotify();
  const priced = kind !== 'comercios';
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
        exporter={listingExporter(kind)}
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
          <DataTable.Col source="name" label="Nome" data-label="Nome" />
          <DataTable.Col
            label="Categorias"
            data-label="Categorias"
            disableSort
            render={(row: ListingRow) => <Categories row={row} />}
          />
          {priced ? (
            <DataTable.Col
              source="price"
              label="Preço"
              data-label="Preço"
              render={(row: ListingRow) => formatMoney(row.price)}
            />
          ) : null}
          <DataTable.Col
            source="rating"
            label="Avaliação"
            data-label="Avaliação"
            render={(row: ListingRow) => Number(row.rating ?? 0).toLocaleString('pt-BR')}
          />
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
