import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { deleteAccountSchema } from '../../../domain/account';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { LiveRegion } from '../../components/ui/live-region';
import { PasswordInput } from '../../components/ui/password-input';
import { meApi } from '../../../domain/api/me';
import { failureText, isErrorOf, useErrorAnnouncer } from '../../lib/form-errors';
import { forgetSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useDeleteAccount } from './account-api';

/** The contract's password rule; an empty box asks for the password in the dialog's own words. */
const deleteFormSchema = z.object({ password: z.string().min(1, 'Enter your password to confirm.').pipe(deleteAccountSchema.shape.password) });
type DeleteForm = z.input<typeof deleteFormSchema>;

const REMOVED = [
  'your profile, sign-in methods and every session',
  'your home application, drafts included',
  'every document you uploaded',
  'your waitlist entry and the emails we keep for you',
];

/**
 * 'Delete my account' (docs/product/privacy.md#account-deletion): says what goes, asks for the password, then signs out here.
 * A password error is written under the field, focus goes to the field and the error is announced (ADR 023).
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<DeleteForm>({
    resolver: zodResolver(deleteFormSchema),
    defaultValues: { password: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['password']);
  const [problem, setProblem] = useState<string>();
  const remove = useDeleteAccount();
  // Still busy after success: the page is leaving the signed-in area.
  const pending = remove.isPending || remove.isSuccess;

  const close = (next: boolean) => {
    if (pending) return;
    if (!next) {
      reset({ password: '' });
      setProblem(undefined);
    }
    onOpenChange(next);
  };

  const onValid = ({ password }: DeleteForm) => {
    setProblem(undefined);
    remove.mutate(password, {
      onSuccess: async () => {
        // The server cleared the cookie; leave the signed-in area before forgetting the session (as signing out does).
        await navigate('/', { replace: true });
        forgetSession();
        notify.success('Account deleted', 'Your account and everything stored with it have been removed.');
      },
      onError: (failure) => {
        // The problem shows in an alert (role=alert), which screen readers read as it appears.
        if (isErrorOf(meApi.delete, failure, 'invalid_password')) {
          setError('password', { type: 'server', message: failure.fields?.password ?? 'That password is not correct.' }, { shouldFocus: true });
          announceErrors();
        } else if (isErrorOf(meApi.delete, failure, 'last_admin')) setProblem(failure.message);
        else setProblem(failureText(failure, 'Failed to delete your account. Please try again.'));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This removes, for good:</DialogDescription>
        <ul className="mt-2 list-disc pl-5 text-[0.9375rem] leading-relaxed text-muted-foreground">
          {REMOVED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted-foreground">Download your data first if you want to keep a copy.</p>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-5 flex flex-col gap-4" aria-label="Delete account">
          <Field label="Password" required error={formState.errors.password?.message}>
            <PasswordInput autoComplete="current-password" toggleLabel="Show password" {...register('password')} />
          </Field>
          {problem && (
            <Alert variant="destructive" role="alert">
              {problem}
            </Alert>
          )}
          <LiveRegion announcer={announcer} />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
