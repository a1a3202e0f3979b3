import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { Resource, type ResourceProps } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';

/**
 * A resource's screens as the panel routes them (its list at /{name}, create and edit below it),
 * opened at its list whatever screen the test before left the address on.
 */
export function resourceScreen(
  name: string,
  definition: Omit<ResourceProps, 'name'>,
): ComponentType {
  return function ResourceScreen() {
    const navigate = useNavigate();
    const [ready, setReady] = useState(false);
    useEffect(() => {
      navigate(`/${name}`, { replace: true });
      setReady(true);
    }, [navigate]);
    if (!ready) return null;
    return (
      <Suspense fallback={null}>
        <Routes>
          <Route path={`/${name}/*`} element={<Resource name={name} {...definition} />} />
        </Routes>
      </Suspense>
    );
  };
}
