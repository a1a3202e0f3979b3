// The Lixeira as a react-admin resource: <Resource name={TRASH} {...trash} />. Its list is its
// own chunk.
import { lazy } from 'react';

const TrashList = lazy(() => import('./TrashList.tsx'));

export default { list: TrashList };
