import { LISTING_RESOURCES } from '@guia-fortim/domain';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AccessGate } from './AccessGate.tsx';
import { authProvider } from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';
import { i18nProvider } from './i18n.ts';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { CATEGORIES, SLIDES } from './resources.ts';
import { theme } from './theme.ts';

// Each screen is its own chunk: the first screen downloads only the shell and itself.
const Dashboard = lazy(() => import('./screens/Dashboard.tsx'));
const ListingList = lazy(() => import('./listings/ListingList.tsx'));
const ListingCreate = lazy(() =>
  import('./listings/ListingForm.tsx').then((module) => ({ default: module.ListingCreate })),
);
const ListingEdit = lazy(() =>
  import('./listings/ListingForm.tsx').then((module) => ({ default: module.ListingEdit })),
);
const Categories = lazy(() => import('./screens/Categories.tsx'));
const Featured = lazy(() => import('./screens/Featured.tsx'));
const Pinned = lazy(() => import('./screens/Pinned.tsx'));
const Carousel = lazy(() => import('./screens/Carousel.tsx'));
const MapSettings = lazy(() => import('./screens/MapSettings.tsx'));
const Settings = lazy(() => import('./screens/Settings.tsx'));
const SiteSettings = lazy(() => import('./screens/SiteSettings.tsx'));
const Roles = lazy(() => import('./screens/Roles.tsx'));

function Panel() {
  return (
    <Admin
      basename="/admin"
      title="Painel Administrativo"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AdminLayout}
      dashboard={Dashboard}
      theme={theme}
      disableTelemetry
    >
      {/* The spec's routes: /admin/{resource}/novo and /admin/{resource}/editar/:id. */}
      {LISTING_RESOURCES.map((kind) => (
        <Resource key={kind} name={kind} list={ListingList}>
          <Route path="novo" element={<ListingCreate kind={kind} />} />
          <Route path="editar/:id" element={<ListingEdit kind={kind} />} />
        </Resource>
      ))}
      <Resource name={CATEGORIES} list={Categories} />
      <Resource name={SLIDES} list={Carousel} />
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/destaques" element={<Featured />} />
        <Route path="/ordenar-topo" element={<Pinned />} />
        <Route path="/mapa" element={<MapSettings />} />
        <Route path="/roles" element={<Roles />} />
        <Route path="/settings" element={<Settings />} />
        <Route path="/configuracoes" element={<SiteSettings />} />
      </CustomRoutes>
    </Admin>
  );
}

// A data router: react-admin's warnWhenUnsavedChanges blocks navigation only inside one.
const router = createBrowserRouter([
  {
    path: '/admin/*',
    element: (
      <AccessGate>
        <Panel />
      </AccessGate>
    ),
  },
  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
