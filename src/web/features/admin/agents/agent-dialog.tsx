import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PARTNER_AGENT_FIELDS, partnerAgentSchema, type PartnerAgent, type PartnerAgentForm, type PartnerAgentInput } from '../../../../domain/agents';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useAddAgent, useUpdateAgent } from './agents-api';
import { AGENT_TEXTS } from './agent-texts';

const EMPTY: PartnerAgentForm = { name: '', brokerage: '', licenceNumber: '', email: '', phone: '', states: '', active: true };

const valuesOf = (agent: PartnerAgent | undefined): PartnerAgentForm =>
  agent
    ? {
        name: agent.name,
        brokerage: agent.brokerage,
        licenceNumber: agent.licenceNumber,
        email: agent.email,
        phone: agent.phone,
        states: agent.states.join(', '),
        active: agent.active,
      }
    : EMPTY;

/**
 * Add agent and Edit (docs/product/back-office.md#partner-agents): every contact field required,
 * the states typed as two-letter codes. The server checks the same schema; its field errors go
 * under the fields, and what was typed stays.
 */
export function AgentDialog({ open, agent, onOpenChange }: { open: boolean; agent?: PartnerAgent; onOpenChange: (open: boolean) => void }) {
  const { register, handleSubmit, formState, setError, reset, getValues, getFieldState } = useForm<PartnerAgentForm, unknown, PartnerAgentInput>({
    resolver: zodResolver(partnerAgentSchema),
    defaultValues: valuesOf(agent),
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, PARTNER_AGENT_FIELDS);
  const { errors, isSubmitting } = formState;
  const add = useAddAgent();
  const update = useUpdateAgent();
  const editing = Boolean(agent);

  useEffect(() => {
    if (open) reset(valuesOf(agent));
  }, [open, agent, reset]);

  const onValid = async () => {
    try {
      // The raw texts go to the server, which validates them with the same schema.
      if (agent) await update.mutateAsync({ id: agent.id, form: getValues() });
      else await add.mutateAsync(getValues());
      notify.success(agent ? AGENT_TEXTS.updated : AGENT_TEXTS.added);
      onOpenChange(false);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, PARTNER_AGENT_FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, agent ? AGENT_TEXTS.updateFailed : AGENT_TEXTS.addFailed));
    }
  };

  const title = editing ? 'Edit partner agent' : 'Add partner agent';
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Buyers asking to be matched in one of this agent's states can be assigned to them.</DialogDescription>
        <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={title}>
          <LiveRegion announcer={announcer} />
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" maxLength={120} {...register('name')} />
          </Field>
          <Field label="Brokerage" required error={errors.brokerage?.message}>
            <Input autoComplete="off" maxLength={160} {...register('brokerage')} />
          </Field>
          <Field label="Licence number" required error={errors.licenceNumber?.message}>
            <Input autoComplete="off" maxLength={40} {...register('licenceNumber')} />
          </Field>
          <Field label="Phone" required error={errors.phone?.message}>
            <Input type="tel" inputMode="tel" autoComplete="off" {...register('phone')} />
          </Field>
          <Field label="Email" required error={errors.email?.message} className="sm:col-span-2">
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
          <Field
            label="States served"
            required
            help="Two-letter codes separated by commas, like TX, OK or DC."
            error={errors.states?.message}
            className="sm:col-span-2"
          >
            <Input autoComplete="off" autoCapitalize="characters" placeholder="TX, OK" {...register('states')} />
          </Field>
          <DialogFooter className="mt-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Save changes' : 'Add agent'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
