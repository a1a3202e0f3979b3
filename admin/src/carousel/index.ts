// The carousel's slides as a react-admin resource: <Resource name={SLIDES} {...carousel} />.
// Each screen is its own chunk; the inputs are in inputs.tsx, loaded with the forms.
import { lazy } from 'react';

const SlideList = lazy(() => import('./SlideList.tsx'));
const SlideCreate = lazy(() =>
  import('./SlideForm.tsx').then((module) => ({ default: module.SlideCreate })),
);
const SlideEdit = lazy(() =>
  import('./SlideForm.tsx').then((module) => ({ default: module.SlideEdit })),
);

export default { list: SlideList, create: SlideCreate, edit: SlideEdit };
