/**
 * On a phone, a DataTable's rows become stacked blocks with each column's name (its `data-label`)
 * beside each value: the table and its rows are blocks that no content can widen past the screen;
 * the bulk actions' bar wraps above them.
 */
export const STACKED_ON_PHONE = {
  '@media (max-width: 899.95px)': {
    '& table, & tbody, & tbody tr': { display: 'block', width: '100%' },
    // Its content's widest word or chip must not size the table (nor, through it, the page).
    '&, & table': { contain: 'inline-size' },
    '& thead': { display: 'none' },
    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody td': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.5,
      overflowWrap: 'anywhere',
    },
    // Long chips shrink to their ellipsis instead of pushing the row wider.
    '& tbody td > *': { minWidth: 0 },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 600,
      flexShrink: 0,
    },
    '& tbody td[data-label="Ações"]': {
      flexDirection: 'column',
      alignItems: 'flex-start',
      gap: 0.5,
    },
    // The bar of bulk actions takes its own lines above the rows (its buttons do not fit in the
    // one line it covers the hidden header with on a computer).
    '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
      position: 'static',
      transform: 'none',
      height: 'auto',
      flexWrap: 'wrap',
    },
    '& .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap' },
  },
} as const;
