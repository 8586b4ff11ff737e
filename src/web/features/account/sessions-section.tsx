import { useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { DeviceSession } from '../../lib/auth-api';
import { failureText, isApiError } from '../../lib/form-errors';
import { signInPathFor } from '../../lib/redirect-target';
import { notify } from '../../lib/toast';
import { useSignOut } from '../../lib/use-sign-out';
import { sessionsQuery, useRevokeOtherSessions, useRevokeSession } from './account-api';
import { describeUserAgent } from './describe-user-agent';
import { SectionCard } from './section-card';
import { localDateTime } from '../../lib/dates';
import { LoadError } from '../../components/load-error';

/** Active sessions: device, address, when it signed in; sign out any other one, or all of them. */
export function SessionsSection() {
  const query = useQuery(sessionsQuery());
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  // Each click is told its own outcome, even when another sign-out is still on its way.
  const signOutOne = async (session: DeviceSession) => {
    try {
      await revokeOne.mutateAsync(session);
      notify.success('Session signed out', `${describeUserAgent(session.userAgent).label} is no longer signed in.`);
    } catch (error) {
      notify.error('Error', failureText(error, 'Failed to sign out that session. Please try again.'));
    }
  };
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: () => notify.success('Other sessions signed out', 'Only this device is still signed in.', { key: 'sessions-others' }),
      onError: (error) => notify.error('Error', failureText(error, 'Failed to sign out your other sessions. Please try again.'), { key: 'sessions-others' }),
    });

  const others = query.data ? query.data.sessions.filter((s) => s.token !== query.data.currentToken).length : 0;
  return (
    <SectionCard
      id="sessions"
      title="Active sessions"
      description="The devices signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {query.isPending && (
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Loading your sessions…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      )}
      {query.error && <SessionsError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <ul className="divide-y divide-border" aria-label="Sessions">
            {query.data.sessions.map((session) => {
              const device = describeUserAgent(session.userAgent);
              const isCurrent = session.token === query.data.currentToken;
              const Icon = device.mobile ? Smartphone : Monitor;
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
                    <Icon className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {device.label}
                      {isCurrent && <Badge variant="success">This device</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {session.ipAddress ? `IP ${session.ipAddress} · ` : ''}Signed in {localDateTime(session.createdAt)}
                    </p>
                  </div>
                  {!isCurrent && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out ${device.label}, signed in ${localDateTime(session.createdAt)}`}
                      disabled={revokeOne.isPending && revokeOne.variables?.token === session.token}
                      onClick={() => void signOutOne(session)}
                    >
                      {revokeOne.isPending && revokeOne.variables?.token === session.token ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-border pt-6">
            <Button variant="outline" disabled={others === 0 || revokeOthers.isPending} onClick={signOutOthers}>
              {revokeOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
            </Button>
            <p className="text-sm text-muted-foreground">
              {others === 0 ? 'No other device is signed in.' : `${others} other ${others === 1 ? 'session' : 'sessions'}.`}
            </p>
          </div>
        </>
      )}
    </SectionCard>
  );
}

/** better-auth lists sessions only for a recent sign-in (403 session_not_fresh): ask to sign in again. */
function SessionsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { signOut, pending } = useSignOut({ to: signInPathFor('/account#sessions'), notice: 'Sign in again to manage the devices signed in to your account.' });
  if (isApiError(error, 'session_not_fresh')) {
    return (
      <Alert variant="warning">
        <p>For your security, please sign in again to see and manage the devices signed in to your account.</p>
        <Button size="sm" className="mt-3" disabled={pending} onClick={() => void signOut()}>
          {pending ? 'Signing out...' : 'Sign in again'}
        </Button>
      </Alert>
    );
  }
  return <LoadError message="We could not load your sessions." detail={failureText(error, 'Please try again.')} onRetry={onRetry} />;
}
