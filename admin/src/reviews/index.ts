// Visitors' reviews as a react-admin resource: <Resource name={REVIEWS} {...reviews} />. Read only
// through react-admin; each decision is the worker's. Its list is its own chunk.
import { lazy } from 'react';

const ReviewList = lazy(() => import('./ReviewList.tsx'));

export default { list: ReviewList };
