import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileSchema, type ProfileForm } from '../../../domain/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import type { SessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useUpdateProfile } from './account-api';
import { SectionCard } from './section-card';

const valuesOf = (user: SessionUser): ProfileForm => ({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' });

/** Name and phone (PATCH /api/me, validated with the shared profile schema). */
export function ProfileSection({ user }: { user: SessionUser }) {
  const { register, handleSubmit, formState, setError, reset, getFieldState } = useForm<ProfileForm, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = formState;
  const updateProfile = useUpdateProfile();
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['firstName', 'lastName', 'phone']);

  const onValid = async (values: z.output<typeof profileSchema>) => {
    try {
      const updated = await updateProfile.mutateAsync(values);
      reset(valuesOf(updated));
      notify.success('Profile updated', 'Your name and phone number are saved.', { key: 'profile' });
    } catch (error) {
      // A field's error goes under the field, the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, ['firstName', 'lastName', 'phone'])) {
        notify.dismiss('profile');
        announceErrors();
      } else notify.error('Error', failureText(error, 'Failed to update your profile. Please try again.'), { key: 'profile' });
    }
  };

  return (
    <SectionCard id="profile" title="Profile" description="Your name as it appears on your application, and a phone number we can reach you on.">
      <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label="Profile">
        <LiveRegion announcer={announcer} />
        <Field label="First Name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last Name" required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </Field>
        <Field label="Phone" help="Optional. US numbers, e.g. (214) 555-0187." error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Email</span>
          <p className="flex min-h-11 flex-wrap items-center gap-2 text-[0.9375rem]">
            <span className="break-all">{user.email}</span>
            {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
          </p>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
