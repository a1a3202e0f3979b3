// The categories as a react-admin resource: <Resource name={CATEGORIES} {...categories} />.
// Creating and editing happen in dialogs over the list (CategoryDialogs.tsx), so the kind's tab
// stays where the admin left it; the list is its own chunk and loads them.
import { lazy } from 'react';

const CategoryList = lazy(() => import('./CategoryList.tsx'));

export default { list: CategoryList };
