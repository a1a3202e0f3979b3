// The three kinds of listing as react-admin resources, one per kind (App.tsx maps them): the
// list at /admin/{resource}, the form at /admin/{resource}/novo and /admin/{resource}/editar/:id.
// Each screen is its own chunk.
import { lazy } from 'react';

const ListingList = lazy(() => import('./ListingList.tsx'));
const ListingCreate = lazy(() =>
  import('./ListingForm.tsx').then((module) => ({ default: module.ListingCreate })),
);
const ListingEdit = lazy(() =>
  import('./ListingForm.tsx').then((module) => ({ default: module.ListingEdit })),
);

export default { list: ListingList, create: ListingCreate, edit: ListingEdit };
