import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applicantName, MAX_DECLINE_REASON, statusChangeSchema, type AdminApplicationDetail } from '../../../../domain/admin/applications';
import { OPEN_REQUEST_NEEDED_MESSAGE } from '../../../../domain/application/requests';
import { APPLICATION_STATUS_LABELS, REVIEW_STATUSES } from '../../../../domain/application/status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { NativeSelect, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { settingsQuery } from '../settings/settings-api';
import { useStatusChange } from './applications-api';
import { approvalConcernLines, approvalConcerns, statusSavePlan } from './review-logic';
import { PRE_APPROVAL_FORM_FIELD, PreApprovalFields, preApprovalFormDefaults, preApprovalFormSchema, type PreApprovalForm } from './pre-approval-panel';
import { approvalMailText, preApprovalExpiresOn, type PreApprovalTerms } from '../../../../domain/application/pre-approval';
import { ledgerToday } from '../../../../domain/homes/dates';
import { formatNumber } from '../../../../domain/format';

type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The record a status change is about, named in its confirmation: 'Ada Lovelace’s application for 400 Oak Lane'. */
function applicationNamed(detail: AdminApplicationDetail): string {
  const address = detail.property.address?.trim();
  return `${applicantName(detail.personal)}’s application${address ? ` for ${address}` : ''}`;
}
/** The contract's body: the status chosen in the selector, and the reason Declined needs. */
type StatusForm = z.input<typeof statusChangeSchema>;

/**
 * The status of the review dialog (docs/product/back-office.md#application-status): choosing
 * in the selector changes nothing; 'Save status' opens a confirmation that says who is
 * e-mailed and what the e-mail says. Declined asks for the reason the buyer is shown;
 * Missing Info without an open request offers the request form first.
 */
export function StatusPanel({
  detail,
  onAskForRequest,
  confirmAfterRequest,
}: {
  detail: AdminApplicationDetail;
  /** Opens the request form of the Requests panel. */
  onAskForRequest: () => void;
  /** Bumped when a request was added from the 'needs a request' offer: the confirmation opens. */
  confirmAfterRequest: number;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<ReviewStatus>(detail.status as ReviewStatus);
  const [confirming, setConfirming] = useState(false);
  const [needsRequest, setNeedsRequest] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, clearErrors, reset, control } = useForm<StatusForm>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: { status: detail.status as ReviewStatus, reason: '' },
    // As before: the error shows under the box; focus stays on the button.
    shouldFocusError: false,
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  // Approved carries the pre-approval's terms, typed in dollars (docs/product/back-office.md#pre-approval).
  const terms = useForm<PreApprovalForm, unknown, PreApprovalTerms>({
    resolver: zodResolver(preApprovalFormSchema),
    defaultValues: preApprovalFormDefaults(detail),
  });
  const [refusal, setRefusal] = useState<string>();
  // Approving with documents missing or not accepted warns and asks for a second, explicit confirmation.
  const concerns = chosen === 'approved' ? approvalConcerns(detail.documents, detail.employment.status === 'self-employed') : null;
  const [approveAnyway, setApproveAnyway] = useState(false);
  const concernsId = useId();
  const change = useStatusChange(detail.id);
  const settings = useQuery(settingsQuery());
  const saveButton = useRef<HTMLButtonElement>(null);

  // A status saved (here or by the server on its own) becomes the selector's value.
  useEffect(() => setChosen(detail.status as ReviewStatus), [detail.status]);
  useEffect(() => {
    if (confirmAfterRequest === 0) return;
    setNeedsRequest(false);
    setConfirming(true);
  }, [confirmAfterRequest]);

  const open = detail.requests.filter((request) => request.state === 'open');
  const plan = statusSavePlan({
    from: detail.status,
    to: chosen,
    openRequests: open.length,
    openRequestItems: open.map((request) => ({ title: request.title, note: request.note, reopened: request.round > 1 })),
    emailsOn: settings.data ? settings.data.statusEmails : null,
    applicantEmail: detail.accountEmail,
    declineReason: reason,
  });

  const save = () => {
    if (plan.kind === 'unchanged') return;
    if (plan.kind === 'request_needed') return setNeedsRequest(true);
    setRefusal(undefined);
    setApproveAnyway(false);
    clearErrors('reason');
    setConfirming(true);
  };

  const confirm = () => {
    if (plan.kind !== 'confirm' || (concerns && !approveAnyway)) return;
    // Checked by the contract's schema: Declined needs a reason (the same message as the server's).
    setValue('status', chosen);
    const send = (approvedTerms?: PreApprovalTerms) => {
      // The contract's schema checks the whole body: Approved with its terms.
      setValue('preApproval', approvedTerms);
      void handleSubmit(({ status, reason, preApproval }) =>
        change.mutate(
          { status, ...(plan.needsReason ? { reason } : {}), ...(status === 'approved' && preApproval ? { preApproval } : {}) },
          {
            onSuccess: () => {
              setConfirming(false);
              reset({ status, reason: '', preApproval: undefined });
            },
            onError: (error) => {
              if (error instanceof ApiError && error.fields?.reason) setError('reason', { type: 'server', message: error.fields.reason });
              else if (error instanceof ApiError && error.fields) {
                // The pre-approval's refusals (the 2 % floor among them) under the form's own fields.
                for (const [key, message] of Object.entries(error.fields)) {
                  const name = PRE_APPROVAL_FORM_FIELD[key.replace(/^preApproval\./, '') as keyof typeof PRE_APPROVAL_FORM_FIELD];
                  if (name) terms.setError(name, { type: 'server', message });
                }
              } else if (error instanceof ApiError && (error.status === 409 || error.status === 422)) setRefusal(error.message);
            },
          },
        ),
      )();
    };
    if (chosen === 'approved') void terms.handleSubmit((preApproval) => send(preApproval))();
    else send();
  };

  // The approval e-mail states the pre-approval: show it with the figures as typed, once they read.
  const typed = useWatch({ control: terms.control });
  const parsedTerms = chosen === 'approved' ? preApprovalFormSchema.safeParse(typed) : null;
  const approvalGist =
    parsedTerms?.success && plan.kind === 'confirm' && !('none' in plan.mail)
      ? approvalMailText(plan.mail.subject, { ...parsedTerms.data, expiresOn: preApprovalExpiresOn(ledgerToday()) }).paragraphs
      : null;

  const label = APPLICATION_STATUS_LABELS[chosen];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-foreground">
        Status
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          id={id}
          value={chosen}
          disabled={change.isPending}
          aria-describedby={`${id}-help`}
          className="h-10 text-sm"
          containerClassName="min-w-[min(12rem,100%)]"
          onChange={(event) => {
            setChosen(event.target.value as ReviewStatus);
            setNeedsRequest(false);
          }}
        >
          {REVIEW_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPLICATION_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
        <Button ref={saveButton} size="sm" className="min-h-10" disabled={plan.kind === 'unchanged' || change.isPending} onClick={save}>
          Save status
        </Button>
      </div>
      <span id={`${id}-help`} role="status" className="text-xs text-muted-foreground">
        {change.isPending ? 'Saving...' : plan.kind === 'unchanged' ? '' : `Not saved yet: press Save status to change it to ${label}.`}
      </span>
      {needsRequest && (
        <Alert className="mt-1">
          <p>{OPEN_REQUEST_NEEDED_MESSAGE}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onAskForRequest}>
            Write a request
          </Button>
        </Alert>
      )}
      <Dialog open={confirming} onOpenChange={(open) => !open && setConfirming(false)}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            // Back to the selector's row (the dialog has no Radix trigger); the button is disabled once saved, so the selector then.
            event.preventDefault();
            (saveButton.current && !saveButton.current.disabled ? saveButton.current : document.getElementById(id))?.focus();
          }}
        >
          <DialogTitle>Change the status to {label}?</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {applicationNamed(detail)}: from {APPLICATION_STATUS_LABELS[detail.status]} to {label}.
          </DialogDescription>
          {plan.kind === 'confirm' && (
            <div className="mt-4 flex flex-col gap-4 text-sm">
              {'none' in plan.mail ? (
                <p>No e-mail will be sent: applicant e-mails are switched off in Settings.</p>
              ) : (
                <div className="flex flex-col gap-2">
                  <p>
                    <span className="font-semibold">{plan.mail.to ?? 'The applicant'}</span> will be e-mailed:
                  </p>
                  <div className="rounded-[var(--radius-control)] bg-muted/50 p-3">
                    <p className="font-semibold break-words">{plan.mail.subject}</p>
                    {(approvalGist ?? plan.mail.gist).map((paragraph) => (
                      <p key={paragraph} className="mt-1 break-words text-muted-foreground">
                        {paragraph}
                      </p>
                    ))}
                  </div>
                </div>
              )}
              {concerns && (
                <Alert variant="warning" id={concernsId}>
                  <p className="font-semibold">The documents are not all accepted.</p>
                  {approvalConcernLines(concerns).map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                  <label className="mt-2 flex items-start gap-2 font-normal text-foreground">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={approveAnyway}
                      onChange={(event) => setApproveAnyway(event.target.checked)}
                    />
                    <span>I have checked the documents and approve anyway</span>
                  </label>
                </Alert>
              )}
              {chosen === 'approved' && <PreApprovalFields detail={detail} register={terms.register} errors={terms.formState.errors} />}
              {plan.needsReason && (
                <Field
                  label="Reason shown to the applicant"
                  required
                  error={formState.errors.reason?.message}
                  help={`${formatNumber(reason.length)} / ${formatNumber(MAX_DECLINE_REASON)} characters`}
                >
                  <Textarea maxLength={MAX_DECLINE_REASON} rows={4} className="text-sm" {...register('reason')} />
                </Field>
              )}
              {refusal && (
                <Alert variant="destructive">
                  <p>{refusal}</p>
                </Alert>
              )}
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              onClick={confirm}
              disabled={change.isPending || Boolean(concerns && !approveAnyway)}
              aria-describedby={concerns && !approveAnyway ? concernsId : undefined}
              variant={chosen === 'declined' ? 'destructive' : 'default'}
            >
              {change.isPending ? 'Saving...' : `Save status: ${label}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
