import type { ColumnDef } from '@tanstack/react-table';
import { UserPlus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { stateName } from '../../../../domain/admin/states';
import { USER_FILTERS, type AdminUser, type UserLabel } from '../../../../domain/admin/users';
import { ROLES, roleLabel, type Role } from '../../../../domain/roles';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { AdminPageHeader } from '../components/admin-page-header';
import { DeleteRowButton } from '../components/delete-row-button';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SearchBox, SelectFilter } from '../components/list-toolbar';
import { AddUserDialog } from './add-user-dialog';
import { refreshUsers, useChangeRole, useDeleteUser, useUsersList } from './users-api';
import { inViewerZone, localDate } from '../../../lib/dates';
import { USER_TEXTS } from './user-texts';
import { formatNumber } from '../../../../domain/format';

const LABEL_BADGE: Record<UserLabel, 'default' | 'secondary' | 'outline'> = {
  Homeowner: 'default',
  Applicant: 'default',
  Waitlist: 'secondary',
  'Letter of Intent': 'secondary',
  User: 'outline',
};

const nameOf = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** The server's reason when it refused on purpose (409: own role, last admin, homeowner without a home); the page's own text otherwise (docs/product/back-office.md#messages). */
const refusal = (error: unknown, fallback: string) => (error instanceof ApiError && error.status === 409 ? error.message : failureText(error, fallback));

/**
 * Role selector of one row. Granting or removing Admin is confirmed first (a key
 * press on the selector must not hand out the back office); other roles save on change.
 * Either way the toast says what happened (docs/product/back-office.md#users).
 */
function RoleSelect({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [pending, setPending] = useState<Role>();
  const [asking, setAsking] = useState<Role>();
  const name = nameOf(user);
  const changeRole = useChangeRole();
  const change = async (role: Role) => {
    setAsking(undefined);
    setPending(role);
    try {
      await changeRole.mutateAsync({ id: user.id, role });
      notify.success('Role updated', `${name} is now ${roleLabel(role)}.`);
    } catch (error) {
      notify.error('Error', refusal(error, 'Failed to update role'));
    } finally {
      setPending(undefined);
    }
  };
  const granting = asking === 'admin';
  const select = useRef<HTMLSelectElement>(null);
  return (
    <>
      <NativeSelect
        ref={select}
        aria-label={`Role for ${name}`}
        title={isSelf ? 'Another admin can change your role' : undefined}
        value={pending ?? asking ?? user.role}
        disabled={Boolean(pending) || isSelf}
        onChange={(event) => {
          const role = event.target.value as Role;
          if (role === user.role) return setAsking(undefined);
          if (role === 'admin' || user.role === 'admin') return setAsking(role);
          void change(role);
        }}
        className="h-9 min-w-36 text-sm"
      >
        {/* Homeowner follows a recorded purchase (docs/decisions/022-homes-and-ledger.md 'Roles'): offered only to show it, or to give it back to an admin with a home (the server checks). */}
        {ROLES.filter((role) => role !== 'homeowner' || user.role === 'homeowner' || user.role === 'admin').map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </NativeSelect>
      <Dialog open={Boolean(asking)} onOpenChange={(open) => !open && setAsking(undefined)}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            // Back to the row's selector (the dialog has no Radix trigger).
            event.preventDefault();
            select.current?.focus();
          }}
        >
          <DialogTitle>{granting ? `Make ${name} an admin?` : `Remove admin from ${name}?`}</DialogTitle>
          <DialogDescription>
            {granting
              ? `${name} will see every application, document and account in the back office, and can change roles, once signed in with a second factor.`
              : `${name} will lose the back office at once and become ${roleLabel(asking)}.`}
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsking(undefined)}>
              Cancel
            </Button>
            <Button variant={granting ? 'default' : 'destructive'} onClick={() => asking && void change(asking)}>
              {granting ? 'Make admin' : 'Remove admin'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Not offered where the server refuses it (docs/product/back-office.md#deleting): one's own account (the account page
 * does that) and a homeowner's, whose agreement and payment records we must keep.
 */
const deletable = (user: AdminUser, isSelf: boolean) => !isSelf && user.role !== 'homeowner';

function DeleteButton({ user }: { user: AdminUser }) {
  const deleteUser = useDeleteUser();
  return (
    <DeleteRowButton
      label={`Delete ${nameOf(user)}`}
      confirmText={USER_TEXTS.confirmDelete}
      onDelete={async () => {
        await deleteUser.mutateAsync(user.id);
      }}
      successText={USER_TEXTS.deleted}
      failureText={(error) => refusal(error, USER_TEXTS.deleteFailed)}
    />
  );
}

/** 'Total Users (1,234)', or '(1,000+)' past the count cap of a filtered list. */
function totalText(page: { total: number; totalCapped: boolean } | undefined): string {
  if (!page) return 'Total Users';
  // A capped total is the cap itself (10,000 for the whole list, 1,000 while searching).
  const n = `${formatNumber(page.total)}${page.totalCapped ? '+' : ''}`;
  return `Total Users (${n})`;
}

/** /admin/users (docs/product/back-office.md#users). */
export default function UsersPage() {
  const { params, update, query, exportHref } = useUsersList();
  const { user: me } = useSession();
  const [adding, setAdding] = useState(false);

  const columns = useMemo<ColumnDef<AdminUser, unknown>[]>(
    () => [
      {
        id: 'createdAt',
        header: inViewerZone('Date Added'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular">{localDate(row.original.createdAt)}</span>,
        meta: { sortKey: 'created_at' } satisfies ColumnMeta,
      },
      {
        id: 'name',
        header: 'Name',
        // docs/product/back-office.md#users: an admin's row says so at a glance, beside the name.
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-2 font-medium whitespace-nowrap">
            {nameOf(row.original)}
            {row.original.role === 'admin' && <Badge variant="default">Admin</Badge>}
          </span>
        ),
        meta: { sortKey: 'name' } satisfies ColumnMeta,
      },
      {
        id: 'email',
        header: 'Email',
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.email}</span>,
        meta: { sortKey: 'email' } satisfies ColumnMeta,
      },
      { id: 'phone', header: 'Phone', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phone || '—'}</span> },
      { id: 'intendedState', header: 'Intended State', cell: ({ row }) => stateName(row.original.intendedState) ?? '—' },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            {row.original.labels.map((label) => (
              <Badge key={label} variant={LABEL_BADGE[label]}>
                {label}
              </Badge>
            ))}
          </div>
        ),
      },
      { id: 'role', header: 'Role', cell: ({ row }) => <RoleSelect user={row.original} isSelf={row.original.id === me?.id} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (deletable(row.original, row.original.id === me?.id) ? <DeleteButton user={row.original} /> : null),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [me?.id],
  );

  const page = query.data;
  // One 'Add User' per screen: the page header's (docs/product/back-office.md#users).
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <UserPlus aria-hidden="true" />
      Add User
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title={totalText(page)}
        description="Accounts, their status across the waitlist, letters and applications, and their roles."
        actions={addButton}
      />
      <ListToolbar>
        <SearchBox value={params.q} onSearch={(q) => update({ q }, { replace: true })} placeholder="Search by name, email or ID" label="Search users" />
        <SelectFilter label="Status" value={params.filter} onChange={(filter) => update({ filter })} options={USER_FILTERS} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Date added" onChange={(range) => update(range)} />
        <ExportButton href={exportHref} />
      </ListToolbar>
      <section aria-label="Users" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Users</h2>
        <DataTable
          label="Users"
          columns={columns}
          rows={page?.items}
          rowKey={(user) => user.id}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={({ sort, dir }) => update({ sort, dir })}
          isLoading={query.isLoading}
          isRefreshing={query.isFetching && !query.isLoading}
          error={query.isError ? USER_TEXTS.loadFailed : undefined}
          onRetry={() => void query.refetch()}
          emptyText={USER_TEXTS.empty}
        />
        <ListPagination page={query.isError ? undefined : page} onPage={(n) => update({ page: n })} />
      </section>
      <AddUserDialog open={adding} onOpenChange={setAdding} onAdded={() => void refreshUsers()} />
    </div>
  );
}
