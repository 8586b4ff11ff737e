import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { applicantName, MAX_NOTES_LENGTH, type AdminApplicationDetail } from '../../../../domain/admin/applications';
import { waitingAge } from '../../../../domain/admin/waiting';
import { formatMoney } from '../../../../domain/format';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { PurchasePanel } from '../homes/purchase-panel';
import { applicationDetailQuery, useNotesChange } from './applications-api';
import { AssigneePanel } from './assignee-panel';
import { ConversationPanel } from './conversation-panel';
import { DocumentsReviewPanel } from './documents-review-panel';
import { RequestsPanel } from './requests-panel';
import { StatusPanel } from './status-panel';
import { PreApprovalPanel } from './pre-approval-panel';
import { calendarDate, localDateTime } from '../../../lib/dates';
import { LoadError } from '../../../components/load-error';

const DASH = '—';

const text = (value: string | null | undefined) => (value && value.trim() ? value : DASH);
const money = (value: number | null) => (value === null ? DASH : formatMoney(value));
/** Credit card and student loan figures are the monthly payments the applicant gave (docs/product/application.md#back-office-record). */
const monthly = (value: number | null) => (value === null ? DASH : `${formatMoney(value)}/mo`);
const date = (value: string | null) => (value ? calendarDate(value) : DASH);
const time = (value: string | null) => (value ? <time dateTime={value}>{localDateTime(value)}</time> : DASH);
const years = (value: number | null) => (value === null ? DASH : `${value} ${value === 1 ? 'year' : 'years'}`);

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="rounded-[var(--radius-control)] border border-border p-4">
      <h3 className="text-sm font-semibold text-foreground">{title}</h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-foreground tabular">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Admin Notes, saved when the box loses focus (or the dialog closes); the typed text stays if a save fails (docs/product/back-office.md#applications). */
function NotesEditor({ detail, saveRef }: { detail: AdminApplicationDetail; saveRef: { current: (() => void) | null } }) {
  const id = useId();
  const [value, setValue] = useState(detail.notes ?? '');
  const change = useNotesChange(detail.id);
  // The server keeps blank notes as none: compare the same way, so a blank box is not saved twice.
  const unchanged = (value.trim() ? value : '') === (detail.notes ?? '');
  const save = () => {
    if (unchanged || change.isPending) return;
    change.mutate({ notes: value });
  };
  useEffect(() => {
    saveRef.current = save;
  });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-foreground">
        Admin Notes
      </label>
      <Textarea
        id={id}
        value={value}
        maxLength={MAX_NOTES_LENGTH}
        rows={4}
        aria-describedby={`${id}-help`}
        placeholder="Add notes about this application"
        className="text-sm"
        onChange={(event) => setValue(event.target.value)}
        onBlur={save}
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Only staff see these notes. They are saved when you leave the box.
      </p>
    </div>
  );
}

function ReviewBody({ detail, saveNotesRef }: { detail: AdminApplicationDetail; saveNotesRef: { current: (() => void) | null } }) {
  const { personal, employment, financial, property, consents } = detail;
  const [asking, setAsking] = useState(false);
  // Set when the reviewer wrote a request because Missing Info needed one: the status's confirmation follows.
  const [forStatus, setForStatus] = useState(false);
  const [confirmAfterRequest, setConfirmAfterRequest] = useState(0);
  const selfEmployed = employment.status === 'self-employed';
  return (
    <div className="mt-5 flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-control)] bg-muted/50 p-4 sm:flex-row sm:items-start sm:justify-between">
        {detail.status === 'withdrawn' ? (
          // The buyer's own choice: staff do not move it (docs/decisions/041-withdrawal-and-change-requests.md).
          <p className="text-sm text-foreground">
            The applicant withdrew this application
            {detail.withdrawnAt && (
              <>
                {' '}
                on <time dateTime={detail.withdrawnAt}>{localDateTime(detail.withdrawnAt)}</time>
              </>
            )}
            . Only they can apply again.
          </p>
        ) : (
          <StatusPanel
            detail={detail}
            confirmAfterRequest={confirmAfterRequest}
            onAskForRequest={() => {
              setForStatus(true);
              setAsking(true);
            }}
          />
        )}
        <div className="flex flex-col gap-1 text-sm sm:items-end">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">Current status</span>
            <ApplicationStatusBadge status={detail.status} />
          </span>
          {detail.reviewedAt && (
            <span className="text-muted-foreground">
              Last reviewed <time dateTime={detail.reviewedAt}>{localDateTime(detail.reviewedAt)}</time>
            </span>
          )}
          {detail.waitingSince && (
            <span className="text-muted-foreground">
              <time dateTime={detail.waitingSince} title={`Waiting for us since ${localDateTime(detail.waitingSince)}`}>
                Waiting {waitingAge(detail.waitingSince).toLowerCase()}
              </time>
            </span>
          )}
          <AssigneePanel detail={detail} />
        </div>
      </div>
      {detail.status === 'declined' && detail.declineReason && (
        <section className="rounded-[var(--radius-control)] border border-border p-4 text-sm">
          <h3 className="font-semibold text-foreground">Reason given to the applicant</h3>
          <p className="mt-1 break-words whitespace-pre-wrap text-foreground">{detail.declineReason}</p>
        </section>
      )}
      {detail.status === 'withdrawn' && detail.withdrawReason && (
        <section className="rounded-[var(--radius-control)] border border-border p-4 text-sm">
          <h3 className="font-semibold text-foreground">The applicant's reason for withdrawing</h3>
          <p className="mt-1 break-words whitespace-pre-wrap text-foreground">{detail.withdrawReason}</p>
        </section>
      )}
      <PreApprovalPanel detail={detail} />
      <PurchasePanel detail={detail} />
      <RequestsPanel
        detail={detail}
        asking={asking}
        setAsking={(open, added) => {
          setAsking(open);
          if (!open) {
            if (added && forStatus) setConfirmAfterRequest((n) => n + 1);
            setForStatus(false);
          }
        }}
      />
      <ConversationPanel applicationId={detail.id} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Section
          title="Personal Information"
          rows={[
            ['Name', text(applicantName(personal))],
            ['Email', text(personal.email)],
            ['Account email', text(detail.accountEmail)],
            ['Phone', text(personal.phone)],
            ['Date of Birth', date(personal.dateOfBirth)],
            ['SSN (last 4)', text(personal.ssnLast4)],
            ['Current Address', text(personal.currentAddress)],
            ['Years at Address', years(personal.yearsAtAddress)],
          ]}
        />
        <Section
          title="Employment & Income"
          rows={[
            ['Status', selfEmployed ? 'Self-employed' : employment.status === 'employed' ? 'Employed' : DASH],
            ...(selfEmployed
              ? ([
                  ['Business', text(employment.businessName ?? employment.employer)],
                  ['Business Start Date', date(employment.businessStartDate)],
                ] as [string, ReactNode][])
              : ([
                  ['Employer', text(employment.employer)],
                  ['Start Date', date(employment.startDate)],
                  ['Job Title', text(employment.jobTitle)],
                ] as [string, ReactNode][])),
            ['Annual Income', money(employment.annualIncome)],
          ]}
        />
        <Section
          title="Assets"
          rows={[
            ['Bank Account Balances', money(financial.bankBalances)],
            ['Investments', money(financial.investments)],
            ['Savings (together)', money(financial.savings)],
            ['Retirement Accounts', money(financial.retirementAccounts)],
          ]}
        />
        <Section
          title="Debts (monthly payments)"
          rows={[
            ['Credit Cards', monthly(financial.creditCardDebt)],
            ['Student Loans', monthly(financial.studentLoans)],
            ['Auto Loans', monthly(financial.autoLoans)],
            ['Other Loans', monthly(financial.otherLoans)],
          ]}
        />
        <Section
          title="Property Information"
          rows={[
            ['Address', text(property.address)],
            ['Desired Value', money(property.desiredValue)],
            ['Down Payment', money(property.downPayment)],
          ]}
        />
        <Section
          title="Consent & Certification"
          rows={[
            ['Credit Check', consents.creditPull ? 'Authorized' : 'Not given'],
            ['Electronic Records', consents.eConsent ? 'Agreed' : 'Not given'],
            ['Consented', time(consents.consentedAt)],
            ['Certified', time(consents.certifiedAt)],
          ]}
        />
      </div>
      <DocumentsReviewPanel detail={detail} />
      <NotesEditor key={detail.id} detail={detail} saveRef={saveNotesRef} />
    </div>
  );
}

function LoadingBody() {
  return (
    <div role="status" className="mt-5 flex flex-col gap-4">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-20 w-full" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-36 w-full" />
        ))}
      </div>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The Review dialog (docs/product/back-office.md#applications): the application read-only; its status (saved with a confirmation), its requests (#requests) and the admin notes editable. */
export function ReviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery(applicationDetailQuery(id));
  const saveNotesRef = useRef<(() => void) | null>(null);
  // Closed, the dialog hands focus back to the Review button it came from (it has no Radix trigger).
  const lastId = useRef(id);
  if (id) lastId.current = id;
  const data = detail.data?.id === id ? detail.data : undefined;
  const title = data ? applicantName(data.personal) : detail.isError ? 'Application' : 'Loading application';

  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(open) => {
        if (open) return;
        // Escape closes without a blur: save what was typed first.
        saveNotesRef.current?.();
        onClose();
      }}
    >
      <DialogContent
        className="max-w-3xl"
        onCloseAutoFocus={(event) => {
          const trigger = document.querySelector<HTMLElement>(`[data-review-trigger="${lastId.current}"]`);
          if (!trigger) return;
          event.preventDefault();
          trigger.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {data?.submittedAt ? (
            <>
              Submitted <time dateTime={data.submittedAt}>{localDateTime(data.submittedAt)}</time>
            </>
          ) : (
            'Home application review'
          )}
        </DialogDescription>
        {data ? (
          <ReviewBody detail={data} saveNotesRef={saveNotesRef} />
        ) : detail.isError ? (
          <LoadError
            className="mt-5"
            message={
              detail.error instanceof ApiError && detail.error.status === 404 ? 'This application could not be found.' : 'The application could not be loaded.'
            }
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <LoadingBody />
        )}
      </DialogContent>
    </Dialog>
  );
}
