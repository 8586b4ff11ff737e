import { useEffect, useId, useState } from 'react';
import { agentStateName, type MatchRequest } from '../../../../domain/agents';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useAgentsServing, useAssignAgent } from './agents-api';
import { AGENT_TEXTS } from './agent-texts';

/**
 * Assign (docs/product/back-office.md#partner-agents): the active partner agents serving the
 * buyer's state to choose from; the server's refusal (inactive meanwhile, or not serving the state)
 * is said under the field.
 */
export function AssignDialog({ request, onClose }: { request: MatchRequest | null; onClose: () => void }) {
  const id = useId();
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string>();
  const agents = useAgentsServing(request?.state);
  const assign = useAssignAgent();

  useEffect(() => {
    setAgentId(request?.agent?.id ?? '');
    setError(undefined);
  }, [request]);

  if (!request) return null;
  const state = agentStateName(request.state);
  const options = agents.data?.items ?? [];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!agentId) {
      setError('Choose a partner agent');
      return;
    }
    try {
      await assign.mutateAsync({ id: request.id, agentId });
      notify.success(AGENT_TEXTS.assigned);
      onClose();
    } catch (failure) {
      const under = failure instanceof ApiError ? failure.fields?.agentId : undefined;
      if (under) setError(under);
      else notify.error('Error', failureText(failure, AGENT_TEXTS.assignFailed));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !assign.isPending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Assign an agent to {request.buyerName}</DialogTitle>
        <DialogDescription>
          {request.buyerName} is looking in {state}. Choose one of our active partner agents there; we will e-mail the buyer who it is.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4" aria-label="Assign an agent">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              Partner agent
            </label>
            <NativeSelect
              id={id}
              value={agentId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-help`}
              onChange={(event) => {
                setAgentId(event.target.value);
                setError(undefined);
              }}
            >
              <option value="">{agents.isPending ? 'Loading agents...' : 'Select an agent'}</option>
              {options.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name} · {agent.brokerage}
                </option>
              ))}
            </NativeSelect>
            {error ? (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : (
              <p id={`${id}-help`} className="text-sm text-muted-foreground">
                {agents.isError
                  ? 'We could not load the agents. Close and try again.'
                  : !agents.isPending && options.length === 0
                    ? `No active partner agent serves ${state} yet. Add one first.`
                    : `Active partner agents serving ${state}.`}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={assign.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={assign.isPending}>
              {assign.isPending ? 'Assigning...' : 'Assign agent'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
