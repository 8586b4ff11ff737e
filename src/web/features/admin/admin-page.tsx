import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { adminPing } from '../../lib/auth-api';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline';

/** Words for a failed access check; the server's own sentence when it has a useful one. */
function accessProblem(error: Error) {
  if (error instanceof ApiError) {
    if (error.code === 'two_factor_required') {
      return (
        <>
          {error.message} <Link className={link} to="/account">Open your account settings</Link>
        </>
      );
    }
    if (error.code === 'forbidden') return 'Your account does not have access to the back office.';
    if (error.code === 'unauthenticated') return 'Your session has ended. Please sign in again.';
  }
  return 'We could not reach the back office just now. Please check your connection and try again.';
}

/**
 * /admin — the back office arrives with its own issue. For now the page proves
 * the access rule end to end: it asks /api/admin/ping, which only answers an
 * admin with two-factor authentication.
 */
export default function AdminPage() {
  const ping = useQuery({ queryKey: ['admin', 'ping'], queryFn: ({ signal }) => adminPing(signal), staleTime: 0 });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Back office</h1>
      <p className="mt-2 text-[15px] leading-relaxed text-muted-foreground">
        The back-office tools (applications, users, the waitlist, letters of intent, payments, settings and the audit log) arrive soon.
      </p>
      <Card className="mt-8 p-6 sm:p-8">
        <h2 className="text-xl font-semibold tracking-tight">Access check</h2>
        <div className="mt-4" aria-live="polite">
          {ping.isPending && (
            <div role="status" className="flex flex-col gap-2">
              <span className="sr-only">Checking your access…</span>
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          )}
          {ping.data?.ok && (
            <Alert variant="success">
              <p className="font-semibold">Back-office access confirmed</p>
              <p className="mt-1 text-muted-foreground">The server accepted your admin session, signed in with two-factor authentication.</p>
            </Alert>
          )}
          {ping.error && (
            <Alert variant="destructive" role="alert">
              <p>{accessProblem(ping.error)}</p>
              <Button variant="outline" size="sm" className="mt-3 bg-card" disabled={ping.isFetching} onClick={() => void ping.refetch()}>
                {ping.isFetching ? 'Checking...' : 'Try again'}
              </Button>
            </Alert>
          )}
        </div>
        <p className="mt-6 flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          Every back-office request is checked on the server: admin role and two-factor authentication.
        </p>
      </Card>
    </div>
  );
}
