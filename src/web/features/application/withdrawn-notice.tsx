import { useEffect, useRef } from 'react';
import type { ApplicationView } from '../../../domain/application';
import { Alert } from '../../components/ui/alert';
import { localDate } from '../../lib/dates';

/**
 * With no active application, when the last one was withdrawn (docs/decisions/041-withdrawal-and-change-requests.md):
 * /apply says so above the fresh draft. Just after withdrawing, focus moves to it (the dialog that had it is gone).
 */
export function WithdrawnNotice({ withdrawn, focus }: { withdrawn: NonNullable<ApplicationView['withdrawn']>; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After the frame in which the closing dialog hands focus back to its opener (as change-request-panel.tsx does).
    if (!focus) return;
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focus]);
  return (
    <Alert className="mb-6" role={focus ? 'status' : undefined}>
      <h2 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        You withdrew your application on <time dateTime={withdrawn.at}>{localDate(withdrawn.at)}</time>.
      </h2>
      <p className="mt-1">It is closed and our team no longer reviews it. Whenever you are ready, you can start a new application below.</p>
    </Alert>
  );
}
