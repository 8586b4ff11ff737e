import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminOffersApi } from '../../../../domain/api/admin-offers';
import {
  MILESTONE_LABELS,
  MILESTONE_OWNER_LABELS,
  MILESTONE_OWNERS,
  MILESTONE_STATUS_LABELS,
  MILESTONE_STATUSES,
  type Milestone,
  type MilestoneOwner,
  type MilestoneStatus,
} from '../../../../domain/buying/closing';
import type { AdminOffer } from '../../../../domain/buying/offers';
import { formatCents } from '../../../../domain/format';
import { centsToDollarsText } from '../../../../domain/homes/admin-homes';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { callApi, hrefOf } from '../../../lib/call-api';
import { MilestoneDocuments } from '../../../components/closing/milestone-documents';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';

const closingKey = (id: string) => ['admin', 'offers', id, 'closing'] as const;
const SIDES = { buyer: 'From the buyer', staff: 'From staff' } as const;
const documentHref = (id: string) => hrefOf(adminOffersApi.closingDocument, { params: { id } });

/** A milestone's documents, and staff's upload (an appraisal report, the title commitment…). */
function StaffMilestoneDocuments({ offer, milestone }: { offer: AdminOffer; milestone: Milestone }) {
  const client = useQueryClient();
  return (
    <div className="sm:col-span-3">
      <MilestoneDocuments
        label={MILESTONE_LABELS[milestone.kind]}
        documents={milestone.documents}
        hrefOf={documentHref}
        sides={SIDES}
        onUpload={async (file) => {
          await callApi(adminOffersApi.uploadClosingDocument, { query: { offer: offer.id, milestone: milestone.kind }, form: {}, file });
          await client.invalidateQueries({ queryKey: closingKey(offer.id) });
        }}
      />
    </div>
  );
}

/** One milestone's form: state, who it waits on, due date, and the inspection's findings or the appraisal's value. */
function MilestoneForm({ offer, milestone }: { offer: AdminOffer; milestone: Milestone }) {
  const client = useQueryClient();
  const [status, setStatus] = useState<MilestoneStatus>(milestone.status);
  const [owner, setOwner] = useState<MilestoneOwner>(milestone.owner);
  const [dueOn, setDueOn] = useState(milestone.dueOn);
  const [findings, setFindings] = useState(milestone.findings ?? '');
  const [value, setValue] = useState(milestone.appraisedValueCents === null ? '' : centsToDollarsText(milestone.appraisedValueCents));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label = MILESTONE_LABELS[milestone.kind];
  const save = useMutation({
    mutationFn: () =>
      callApi(adminOffersApi.updateMilestone, {
        params: { id: offer.id, kind: milestone.kind },
        body: { status, owner, dueOn, findings, appraisedValue: value },
      }),
    onSuccess: (closing) => {
      setErrors({});
      client.setQueryData(closingKey(offer.id), closing);
      void client.invalidateQueries({ queryKey: ['admin', 'offers'] });
      notify.success('Milestone saved', `${label}: ${MILESTONE_STATUS_LABELS[status]}.`);
    },
    onError: (error) =>
      error instanceof ApiError && error.fields ? setErrors(error.fields) : notify.error('Error', failureText(error, 'Failed to save the milestone')),
  });
  return (
    <form
      noValidate
      aria-label={label}
      className="grid grid-cols-1 gap-3 border-t border-border pt-4 sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h3 className="font-semibold sm:col-span-3">{label}</h3>
      <Field label="State" error={errors.status}>
        <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as MilestoneStatus)}>
          {MILESTONE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MILESTONE_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Waits on" error={errors.owner}>
        <NativeSelect value={owner} onChange={(e) => setOwner(e.target.value as MilestoneOwner)}>
          {MILESTONE_OWNERS.map((o) => (
            <option key={o} value={o}>
              {MILESTONE_OWNER_LABELS[o]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Due date" required error={errors.dueOn}>
        <Input type="date" value={dueOn} onChange={(e) => setDueOn(e.target.value)} />
      </Field>
      {milestone.kind === 'inspection' && (
        <Field label="Findings" error={errors.findings} className="sm:col-span-3">
          <Textarea rows={2} maxLength={5000} value={findings} onChange={(e) => setFindings(e.target.value)} />
        </Field>
      )}
      {milestone.kind === 'appraisal' && (
        <Field label="Appraised value" help="Below the agreed price flags the offer." error={errors.appraisedValue} className="sm:col-span-3">
          <Input inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
      )}
      <StaffMilestoneDocuments offer={offer} milestone={milestone} />
      <div className="sm:col-span-3">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : `Save ${label.toLowerCase()}`}
        </Button>
      </div>
    </form>
  );
}

/**
 * The closing checklist of an accepted offer (docs/product/back-office.md#closing): each milestone's
 * state, owner and due date, the inspection's findings and the appraisal's value.
 */
export function ClosingDialog({ offer, onClose }: { offer: AdminOffer; onClose: () => void }) {
  const closing = useQuery({
    queryKey: closingKey(offer.id),
    queryFn: ({ signal }) => callApi(adminOffersApi.closing, { params: { id: offer.id } }, { signal }),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>Closing checklist</DialogTitle>
        <DialogDescription>
          {offer.buyerName} · {offer.address}
          {closing.data && ` · agreed price ${formatCents(closing.data.agreedPriceCents)}`}
        </DialogDescription>
        {closing.isPending ? (
          <p role="status">Loading the checklist...</p>
        ) : closing.isError ? (
          <p role="alert">Failed to load the checklist</p>
        ) : (
          <div className="mt-4 flex flex-col gap-4">
            {closing.data.appraisalBelowPrice && (
              <p role="alert" className="font-medium text-destructive">
                The appraisal came in below the agreed price.
              </p>
            )}
            {closing.data.milestones.map((m) => (
              <MilestoneForm key={m.kind} offer={offer} milestone={m} />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
