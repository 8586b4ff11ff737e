import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Mail, Phone, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AGENT_CHOICE_FIELDS,
  AGENT_STATE_CODES,
  agentChoiceSchema,
  agentStateName,
  type AgentChoiceForm,
  type AgentChoiceInput,
  type AgentContact,
  type MyAgent,
} from '../../../domain/agents';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input, NativeSelect } from '../../components/ui/input';
import { LiveRegion } from '../../components/ui/live-region';
import { Skeleton } from '../../components/ui/skeleton';
import { brand } from '../../lib/config';
import { applyServerFieldErrors, failureText, useErrorAnnouncer } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { myAgentQuery, useChooseAgent } from './agent-api';

const link = 'rounded font-semibold text-primary underline-offset-4 hover:underline break-all';

const KIND_LABELS = { own: 'I have an agent', match: `Match me with one of ${brand.name}’s partner agents` } as const;

type Choice = NonNullable<MyAgent['choice']>;

function formOf(choice: Choice | null): AgentChoiceForm {
  const empty = { name: '', brokerage: '', licenceNumber: '', email: '', phone: '', state: '' };
  if (!choice) return { kind: 'match', ...empty };
  if (choice.kind === 'match') return { kind: 'match', ...empty, state: choice.state };
  const { name, brokerage, licenceNumber, email, phone } = choice.agent;
  return { kind: 'own', ...empty, name, brokerage: brokerage ?? '', licenceNumber: licenceNumber ?? '', email: email ?? '', phone: phone ?? '' };
}

/** How to reach an agent: their name, brokerage and licence, e-mail and phone as links. */
function Contact({ agent }: { agent: AgentContact }) {
  return (
    <div className="flex flex-col gap-1 text-[0.9375rem]">
      <p className="font-semibold">{agent.name}</p>
      {(agent.brokerage || agent.licenceNumber) && (
        <p className="text-muted-foreground">{[agent.brokerage, agent.licenceNumber && `Licence ${agent.licenceNumber}`].filter(Boolean).join(' · ')}</p>
      )}
      {agent.email && (
        <p className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <a className={link} href={`mailto:${agent.email}`}>
            {agent.email}
          </a>
        </p>
      )}
      {agent.phone && (
        <p className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <a className={link} href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`}>
            {agent.phone}
          </a>
        </p>
      )}
    </div>
  );
}

function ChoiceForm({ choice, onDone }: { choice: Choice | null; onDone: () => void }) {
  const { register, handleSubmit, formState, setError, getValues, getFieldState, watch } = useForm<AgentChoiceForm, unknown, AgentChoiceInput>({
    resolver: zodResolver(agentChoiceSchema),
    defaultValues: formOf(choice),
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, AGENT_CHOICE_FIELDS);
  const { errors, isSubmitting } = formState;
  const choose = useChooseAgent();
  const kindId = useId();
  const kind = watch('kind');

  const onValid = async () => {
    try {
      await choose.mutateAsync(getValues());
      notify.success(getValues('kind') === 'own' ? 'Your agent is saved' : 'We’re finding you an agent');
      onDone();
    } catch (error) {
      if (applyServerFieldErrors(error, setError, AGENT_CHOICE_FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, 'We could not save your agent. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)} className="flex flex-col gap-4" aria-label="Your agent">
      <LiveRegion announcer={announcer} />
      <fieldset aria-describedby={errors.kind ? `${kindId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Do you have a real estate agent?</legend>
        <div className="flex flex-col gap-2">
          {(['match', 'own'] as const).map((option) => (
            <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2">
              <input type="radio" value={option} className="size-4 accent-[var(--color-primary)]" {...register('kind')} />
              <span className="text-[0.9375rem]">{KIND_LABELS[option]}</span>
            </label>
          ))}
        </div>
        {errors.kind && (
          <p id={`${kindId}-error`} className="mt-1.5 text-sm font-medium text-destructive">
            {errors.kind.message}
          </p>
        )}
      </fieldset>
      {kind === 'own' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Agent’s name" required error={errors.name?.message}>
            <Input autoComplete="off" maxLength={120} {...register('name')} />
          </Field>
          <Field label="Brokerage" error={errors.brokerage?.message}>
            <Input autoComplete="off" maxLength={160} {...register('brokerage')} />
          </Field>
          <Field label="Licence number" error={errors.licenceNumber?.message}>
            <Input autoComplete="off" maxLength={40} {...register('licenceNumber')} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" inputMode="tel" autoComplete="off" {...register('phone')} />
          </Field>
          <Field label="Email" help="An email or a phone number, so we can reach them." error={errors.email?.message} className="sm:col-span-2">
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
        </div>
      ) : (
        <Field label="State you’re looking in" required error={errors.state?.message}>
          <NativeSelect {...register('state')}>
            <option value="">Select a state</option>
            {AGENT_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {agentStateName(code)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : kind === 'own' ? 'Save my agent' : 'Match me with an agent'}
        </Button>
        {choice && (
          <Button type="button" variant="outline" disabled={isSubmitting} onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function ChoiceSummary({ choice }: { choice: Choice }) {
  if (choice.kind === 'own') return <Contact agent={choice.agent} />;
  if (choice.agent) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-[0.9375rem] text-muted-foreground">
          Your partner agent in {agentStateName(choice.state)}. Reach out to them to start looking at homes.
        </p>
        <Contact agent={choice.agent} />
      </div>
    );
  }
  return (
    <p className="text-[0.9375rem]">
      We’re finding you a partner agent in {agentStateName(choice.state)}. We’ll e-mail you as soon as they’re assigned, and they’ll appear here.
    </p>
  );
}

/**
 * 'Your agent' on an approved buyer's dashboard (docs/product/back-office.md#partner-agents): bring
 * their own agent or ask to be matched in a state; then who the agent is and how to reach them.
 * Nothing for a user whose application is not approved.
 */
export function AgentCard() {
  const agent = useQuery(myAgentQuery);
  const [editing, setEditing] = useState(false);
  if (agent.isPending) return <Skeleton className="h-40 w-full" />;
  if (agent.isError) return <LoadError layout="inline" message="We could not load your agent." onRetry={() => void agent.refetch()} />;
  if (!agent.data.approved) return null;
  const choice = agent.data.choice;
  return (
    <Card className="flex flex-col gap-4 p-6" role="region" aria-labelledby="agent-card-title">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <UserRound className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="agent-card-title" className="font-semibold">
            Your agent
          </h2>
          {!choice && (
            <p className="text-[0.9375rem] text-muted-foreground">
              An agent shows you homes and helps with your offer. Bring yours, or we’ll match you with one of ours.
            </p>
          )}
        </div>
      </div>
      {choice && !editing ? (
        <>
          <ChoiceSummary choice={choice} />
          <Button variant="outline" className="self-start" onClick={() => setEditing(true)}>
            Change agent
          </Button>
        </>
      ) : (
        <ChoiceForm choice={choice} onDone={() => setEditing(false)} />
      )}
    </Card>
  );
}
