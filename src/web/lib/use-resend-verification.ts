import { useMutation } from '@tanstack/react-query';
import { sendVerificationEmail } from './auth-api';
import { failureText, isApiError } from './form-errors';
import { queryClient } from './query-client';
import { refreshSessionUser, sessionQuery } from './session';
import { notify } from './toast';

/**
 * 'Resend Verification Email' (docs/product/accounts.md#messages): the one way the web app
 * asks for a new link — the signed-in pages' banner, the application's submit step and
 * the verify page all use it. `mutate()` sends to `email` (the signed-in user's);
 * `mutate(address)` to the address a visitor typed on the verify page.
 */
export function useResendVerification(email?: string) {
  const addressOf = (to: string | void) => {
    const address = to || email;
    if (!address) throw new Error('useResendVerification: no address to send to');
    return address;
  };
  return useMutation({
    mutationFn: (to: string | void) => sendVerificationEmail(addressOf(to)),
    onSuccess: (_reply, to) => notify.success('Verification email sent', `Check ${addressOf(to)} for the new link.`),
    onError: (error) => {
      if (isApiError(error, 'email_already_verified')) {
        // Signed in, the banner goes once the session is reloaded; a visitor is told they can sign in.
        const signedIn = Boolean(queryClient.getQueryData(sessionQuery.queryKey));
        notify.info('This email address is already verified', signedIn ? undefined : 'You can sign in and use your account.');
        void refreshSessionUser();
        return;
      }
      notify.error('Error', failureText(error, 'Failed to resend verification email'));
    },
  });
}
