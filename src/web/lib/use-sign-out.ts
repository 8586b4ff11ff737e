import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from './auth-api';
import { failureText } from './form-errors';
import { flushPendingWork } from './pending-work';
import { forgetSession } from './session';
import { notify } from './toast';

export const SIGNED_OUT_NOTICE = 'You have signed out. See you soon.';

/**
 * Signs out of this device, then shows the sign-in page (or `to`, e.g. a sign-in
 * that returns to the account page); nothing of the user stays cached.
 */
export function useSignOut({ to = '/auth/signin', notice = SIGNED_OUT_NOTICE }: { to?: string; notice?: string } = {}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      // An unsaved application draft goes to the server while the session still works.
      await flushPendingWork();
      await signOut();
    } catch (error) {
      setPending(false);
      notify.error('Error', failureText(error, 'Failed to sign out. Please try again.'));
      return;
    }
    // Leave the guarded page first, so the guard does not see the session vanish and ask to sign in again.
    await navigate(to, { replace: true, state: { notice } });
    forgetSession();
  };
  return { signOut: run, pending };
}
