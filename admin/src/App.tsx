import { LISTING_RESOURCES } from '@guia-fortim/domain';
import { CssBaseline } from '@mui/material';
import { lazy, type ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CanAccess,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  Resource,
} from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AccessGate } from './AccessGate.tsx';
import { authProvider } from './authProvider.ts';
import carousel from './carousel/index.ts';
import categories from './categories/index.ts';
import { dataProvider } from './dataProvider.ts';
import { i18nProvider } from './i18n.ts';
import { AdminLayout } from './layout/AdminLayout.tsx';
import listings from './listings/index.ts';
import { MAP_SETTINGS, ROLES, SETTINGS, SITE_SETTINGS } from './permissions.ts';
import { CATEGORIES, REVIEWS, SLIDES, TRASH } from './resources.ts';
import reviews from './reviews/index.ts';
import { theme } from './theme.ts';
import trash from './trash/index.ts';

// Each screen is its own chunk: the first screen downloads only the shell and itself.
const Dashboard = lazy(() => import('./dashboard/Dashboard.tsx'));
const OrderedListScreen = lazy(() => import('./ordering/OrderedListScreen.tsx'));
const MapSettings = lazy(() => import('./settings/MapSettings.tsx'));
const Settings = lazy(() => import('./settings/Settings.tsx'));
const SiteSettings = lazy(() => import('./settings/SiteSettings.tsx'));
const Roles = lazy(() => import('./roles/Roles.tsx'));

const PageNotFound = () => <NotFound />;

/** A screen only some roles open: the others get react-admin's 'Acesso Negado' in its place. */
function Restricted({ resource, children }: { resource: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action="list" accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
}
// <Admin>'s store: list settings and the sidebar's state survive a reload.
const store = localStorageStore();

/**
 * react-admin's <Admin> is <AdminContext> + <AdminUI> with defaults; two of them are bundled even
 * when replaced: its login page (a react-hook-form form; sign-in is the site's /auth/login) and its
 * English messages. The same parts without them: 25 KB gzip less before the dashboard (347.5 →
 * 322.7 KB, `npm run bench -- admin`).
 */
function Panel() {
  return (
    <AdminContext
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      store={store}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Painel Administrativo"
          layout={AdminLayout}
          dashboard={Dashboard}
          loginPage={false}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          catchAll={PageNotFound}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          {/* A listing's form is /admin/{resource}/novo and /admin/{resource}/editar/:id. */}
          {LISTING_RESOURCES.map((kind) => (
            <Resource key={kind} name={kind} list={listings.list}>
              <Route path="novo" element={<listings.create kind={kind} />} />
              <Route path="editar/:id" element={<listings.edit kind={kind} />} />
            </Resource>
          ))}
          <Resource name={CATEGORIES} {...categories} />
          <Resource name={SLIDES} {...carousel} />
          <Resource name={REVIEWS} {...reviews} />
          <Resource name={TRASH} {...trash} />
          <CustomRoutes>
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/destaques" element={<OrderedListScreen list="featured" />} />
            <Route path="/ordenar-topo" element={<OrderedListScreen list="pinned" />} />
            <Route
              path={`/${MAP_SETTINGS}`}
              element={
                <Restricted resource={MAP_SETTINGS}>
                  <MapSettings />
                </Restricted>
              }
            />
            <Route
              path={`/${ROLES}`}
              element={
                <Restricted resource={ROLES}>
                  <Roles />
                </Restricted>
              }
            />
            <Route
              path={`/${SETTINGS}`}
              element={
                <Restricted resource={SETTINGS}>
                  <Settings />
                </Restricted>
              }
            />
            <Route
              path={`/${SITE_SETTINGS}`}
              element={
                <Restricted resource={SITE_SETTINGS}>
                  <SiteSettings />
                </Restricted>
              }
            />
          </CustomRoutes>
        </CoreAdminUI>
        {/* Above the routes: a notification stays on screen, its 'Desfazer' included, when the
            admin moves to another screen of the panel. */}
        <Notification />
      </CssBaseline>
    </AdminContext>
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
