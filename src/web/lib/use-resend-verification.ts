import { useMutation } from '@tanstack/react-query';
import { sendVerificationEmail } from './auth-api';
import { failureText, isApiError } from './form-errors';
import { refreshSessionUser } from './session';
import { notify } from './toast';

/** 'Resend Verification Email' (spec §8 toasts), for the banner and the application's submit step. */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: () => sendVerificationEmail(email),
    onSuccess: () => notify.success('Verification email sent', `Check ${email} for the link.`),
    onError: (error) => {
      if (isApiError(error, 'email_already_verified')) {
        notify.info('Your email address is already verified');
        void refreshSessionUser();
        return;
      }
      notify.error('Error', failureText(error, 'Failed to resend verification email'));
    },
  });
}
