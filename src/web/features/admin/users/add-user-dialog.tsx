import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADD_USER_EMPTY, addUserSchema, type AddUserForm, type AdminUser } from '../../../../domain/admin/users';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ContactFields, StateSelect } from '../components/contact-fields';
import { useAddUser } from './users-api';
import { USER_TEXTS } from './user-texts';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'intendedState'] as const;

/**
 * Add User (docs/product/back-office.md#users): the page header's button opens this dialog too.
 * The account has no password: the person sets one with 'Forgot password'.
 * On failure the dialog stays open with what was typed.
 */
export function AddUserDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (open: boolean) => void; onAdded: (user: AdminUser) => void }) {
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<AddUserForm, unknown, z.output<typeof addUserSchema>>({
    resolver: zodResolver(addUserSchema),
    defaultValues: ADD_USER_EMPTY,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, FIELDS);
  const { errors, isSubmitting } = formState;
  const addUser = useAddUser();

  const onValid = async (values: z.output<typeof addUserSchema>) => {
    try {
      const user = await addUser.mutateAsync(values);
      notify.success(USER_TEXTS.added, `${user.firstName} ${user.lastName} can set a password with 'Forgot password'.`);
      reset(ADD_USER_EMPTY);
      onOpenChange(false);
      onAdded(user);
    } catch (error) {
      // A field's error goes under its field; the toast is for the rest (one rule for the app, docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, USER_TEXTS.addFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset(ADD_USER_EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogTitle>Add User</DialogTitle>
        <DialogDescription>Creates an account without a password. They set one with 'Forgot password' on the sign-in page.</DialogDescription>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Add user">
          <LiveRegion announcer={announcer} />
          <ContactFields register={register} errors={errors} wideEmail />
          <Field label="Intended State" error={errors.intendedState?.message}>
            <StateSelect {...register('intendedState')} />
          </Field>
          <DialogFooter className="mt-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Adding...' : 'Add User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
