import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AGENT_STATE_CODES, agentStateName } from '../../../domain/agents';
import {
  CONSIDERED_HOME_FIELDS,
  consideredHomeSchema,
  type ConsideredHome,
  type ConsideredHomeForm,
  type ConsideredHomeInput,
} from '../../../domain/buying/homes';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useSaveHome } from './buying-api';
import { FIND_TEXTS } from './find-texts';

const dollars = (cents: number) => String(cents / 100);

function formOf(home?: ConsideredHome): ConsideredHomeForm {
  if (!home) return { street: '', city: '', state: '', zip: '', listingUrl: '', listPrice: '', beds: '', baths: '', squareFeet: '', notes: '' };
  return {
    street: home.street,
    city: home.city,
    state: home.state,
    zip: home.zip,
    listingUrl: home.listingUrl ?? '',
    listPrice: dollars(home.listPriceCents),
    beds: home.beds === null ? '' : String(home.beds),
    baths: home.baths === null ? '' : String(home.baths),
    squareFeet: home.squareFeet === null ? '' : String(home.squareFeet),
    notes: home.notes ?? '',
  };
}

/** Add a home / Edit home (docs/product/dashboard.md#homes-youre-considering): the errors under their fields, what was typed kept. */
export function HomeFormDialog({ home, open, onOpenChange }: { home?: ConsideredHome; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { register, handleSubmit, formState, setError, getValues, getFieldState } = useForm<ConsideredHomeForm, unknown, ConsideredHomeInput>({
    resolver: zodResolver(consideredHomeSchema),
    defaultValues: formOf(home),
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, CONSIDERED_HOME_FIELDS);
  const save = useSaveHome();
  const { errors, isSubmitting } = formState;
  const onValid = async () => {
    try {
      await save.mutateAsync({ id: home?.id, form: getValues() });
      notify.success(home ? FIND_TEXTS.homeSaved : FIND_TEXTS.homeAdded);
      onOpenChange(false);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, CONSIDERED_HOME_FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, FIND_TEXTS.homeFailed));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{home ? 'Edit home' : 'Add a home'}</DialogTitle>
        <DialogDescription>{FIND_TEXTS.homeFormHelp}</DialogDescription>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Home">
          <LiveRegion announcer={announcer} />
          <Field label="Street address" required error={errors.street?.message} className="sm:col-span-2">
            <Input autoComplete="off" maxLength={200} {...register('street')} />
          </Field>
          <Field label="City" required error={errors.city?.message}>
            <Input autoComplete="off" maxLength={100} {...register('city')} />
          </Field>
          <Field label="State" required error={errors.state?.message}>
            <NativeSelect {...register('state')}>
              <option value="">Select a state</option>
              {AGENT_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {agentStateName(code)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="ZIP code" required error={errors.zip?.message}>
            <Input inputMode="numeric" autoComplete="off" maxLength={10} {...register('zip')} />
          </Field>
          <Field label="List price" required error={errors.listPrice?.message}>
            <Input inputMode="decimal" autoComplete="off" placeholder="$" {...register('listPrice')} />
          </Field>
          <Field label="Listing link" help="The listing's web address, starting with https://" error={errors.listingUrl?.message} className="sm:col-span-2">
            <Input type="url" autoComplete="off" {...register('listingUrl')} />
          </Field>
          <Field label="Beds" error={errors.beds?.message}>
            <Input inputMode="numeric" autoComplete="off" {...register('beds')} />
          </Field>
          <Field label="Baths" error={errors.baths?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('baths')} />
          </Field>
          <Field label="Square feet" error={errors.squareFeet?.message}>
            <Input inputMode="numeric" autoComplete="off" {...register('squareFeet')} />
          </Field>
          <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} maxLength={2000} {...register('notes')} />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : home ? 'Save home' : 'Add home'}
            </Button>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
