import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminApplicationDetail } from '../../../../domain/admin/applications';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/use-session';
import { assigneesQuery, useAssigneeChange } from './applications-api';

const UNASSIGNED = '';

/**
 * Who works on the application (docs/product/back-office.md#assignment): 'Assign to me' in
 * one click, or another admin (or Unassigned) chosen in the list and saved with 'Assign' —
 * choosing alone changes nothing, so an arrow key on the list cannot reassign.
 */
export function AssigneePanel({ detail }: { detail: AdminApplicationDetail }) {
  const id = useId();
  const { user } = useSession();
  const assignees = useQuery(assigneesQuery());
  const change = useAssigneeChange(detail.id);
  const current = detail.assigneeId ?? UNASSIGNED;
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState<string>();

  // A saved assignee (here or by a colleague) becomes the list's value.
  useEffect(() => setChosen(current), [current]);

  const save = (assigneeId: string) => {
    setError(undefined);
    change.mutate(
      { assigneeId: assigneeId === UNASSIGNED ? null : assigneeId },
      { onError: (e) => setError(e instanceof ApiError ? (e.fields?.assigneeId ?? undefined) : undefined) },
    );
  };

  const options = assignees.data?.items ?? [];
  // The name on the record stays listed while the admins load, or when that account is no longer an admin.
  const missing = detail.assigneeId && !options.some((admin) => admin.id === detail.assigneeId);
  const isMine = Boolean(user && detail.assigneeId === user.id);

  return (
    <div className="flex flex-col gap-1.5 text-sm sm:items-end">
      <p className="text-muted-foreground">
        {detail.assignee ? (
          <>
            Assigned to <span className="font-medium text-foreground">{isMine ? `${detail.assignee} (you)` : detail.assignee}</span>
          </>
        ) : (
          'Not assigned yet'
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2 sm:justify-end">
        <label htmlFor={id} className="sr-only">
          Assignee
        </label>
        <NativeSelect
          id={id}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? `${id}-error` : undefined}
          className="h-9"
          containerClassName="min-w-[min(10rem,100%)]"
        >
          <option value={UNASSIGNED}>Unassigned</option>
          {missing && <option value={detail.assigneeId!}>{detail.assignee ?? 'Former admin'}</option>}
          {options.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.id === user?.id ? `${admin.name} (you)` : admin.name}
            </option>
          ))}
        </NativeSelect>
        <Button size="sm" variant="outline" disabled={chosen === current || change.isPending} onClick={() => save(chosen)}>
          Assign
        </Button>
        {user && !isMine && (
          <Button size="sm" disabled={change.isPending} onClick={() => save(user.id)}>
            <UserCheck aria-hidden="true" />
            Assign to me
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
