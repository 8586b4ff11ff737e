import { lazy, Suspense, useEffect, useState } from 'react';
import { toasterState } from '../../lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toaster the first time a toast is requested. */
export function ToasterHost() {
  const [on, setOn] = useState(toasterState.requested);
  useEffect(() => toasterState.subscribe(() => setOn(true)), []);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Toaster onReady={toasterState.markReady} />
    </Suspense>
  );
}
