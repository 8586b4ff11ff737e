import { fieldByName, type StepProblems } from '../../../domain/application';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useResendVerification } from '../../lib/use-resend-verification';
import { useSignedInUser } from '../../lib/use-session';
import { FieldControl } from './field-control';
import { useWizard } from './wizard-context';

/** The other steps' gaps, each a way back to its step: Continue never blocks, so the last step says what is left. */
function StillMissing({ problems, onOpen }: { problems: StepProblems[]; onOpen: (step: number) => void }) {
  const elsewhere = problems.filter((p) => p.stepId !== 'documents');
  if (elsewhere.length === 0) return null;
  return (
    <Alert variant="warning" className="mt-6">
      <p className="font-semibold">Before you submit, please finish:</p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {elsewhere.map((p) => {
          const count = Object.keys(p.fields).length;
          return (
            <li key={p.stepId}>
              <button
                type="button"
                className="cursor-pointer rounded font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
                onClick={() => onOpen(p.stepIndex)}
              >
                {p.stepTitle}
              </button>{' '}
              <span className="text-muted-foreground">
                — {count} {count === 1 ? 'item' : 'items'} missing
              </span>
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}

/** The text that says which documents keep 'Submit Application' disabled: the button is described by it. */
export const MISSING_DOCUMENTS_ID = 'submit-missing-documents';

/**
 * Below the documents: what keeps 'Submit Application' disabled ('Add your bank statements to submit.'), the
 * certification that enables it, and the verified-e-mail rule (docs/product/application.md#submission).
 */
export function SubmitPanel({ problems, missingDocuments, onOpen }: { problems: StepProblems[]; missingDocuments: string; onOpen: (step: number) => void }) {
  const user = useSignedInUser();
  const { editable } = useWizard();
  const resend = useResendVerification(user.email);
  if (!editable) return null;
  return (
    <section aria-labelledby="certify-title" className="mt-8 border-t border-border pt-6">
      <h3 id="certify-title" className="text-lg font-semibold">
        Review and submit
      </h3>
      {missingDocuments && (
        <Alert variant="warning" className="mt-4">
          <p id={MISSING_DOCUMENTS_ID} className="font-semibold">
            {missingDocuments}
          </p>
        </Alert>
      )}
      <StillMissing problems={problems} onOpen={onOpen} />
      {!user.emailVerified && (
        <Alert variant="warning" className="mt-4">
          <p>
            <strong className="font-semibold">Submitting needs a verified email address.</strong> Open the link we sent to{' '}
            <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>, then come back: your application is saved.
          </p>
          <Button variant="outline" size="sm" className="mt-3 bg-card" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
        </Alert>
      )}
      <FieldControl field={fieldByName('certified')!} className="mt-4" />
    </section>
  );
}
