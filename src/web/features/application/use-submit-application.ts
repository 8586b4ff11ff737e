import { useState } from 'react';
import { firstProblemStep, stepProblemsSchema, type ApplicationView, type StepProblems } from '../../../domain/application';
import { applicationApi } from '../../../domain/api/application';
import { failureText, isErrorOf } from '../../lib/form-errors';
import { refreshSessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useSubmitApplicationMutation } from './application-api';

const FAILED = 'Failed to submit application. Please try again.';

interface Options {
  /** Pending saves first: the certification is part of the draft (docs/product/application.md#submission). */
  flush: () => Promise<boolean>;
  goTo: (step: number) => void;
  onSubmitted: (view: ApplicationView) => void;
  onStale: () => void;
}

/** The steps a refused submit names (400 application_incomplete), read with their schema; otherwise undefined. */
function stepsOf(details: Record<string, unknown>): StepProblems[] | undefined {
  const parsed = stepProblemsSchema.array().safeParse(details.steps);
  return parsed.success ? parsed.data : undefined;
}

/**
 * 'Submit Application' (docs/product/application.md#submission): waits for the draft
 * to be saved, submits, and on 400 application_incomplete opens the first step the
 * server says has a gap, with every gap now shown under its field.
 */
export function useSubmitApplication({ flush, goTo, onSubmitted, onStale }: Options) {
  const submit = useSubmitApplicationMutation();
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const run = async (localProblems: StepProblems[]) => {
    setSaving(true);
    try {
      if (!(await flush())) {
        notify.error('Error', 'Your latest changes are not saved yet, so the application was not submitted. Please try again in a moment.');
        return;
      }
      submit.mutate(undefined, {
        onSuccess: (view) => {
          // The thank-you notice opens the card; it takes focus and comes into view (submitted-notice.tsx).
          onSubmitted(view);
          notify.success('Application Submitted', "Your application has been submitted successfully. You'll receive updates via email.");
          // Submitting raises guest to applicant (docs/product/accounts.md#roles).
          void refreshSessionUser();
        },
        onError: (error) => {
          setAttempted(true);
          if (isErrorOf(applicationApi.submit, error, 'application_incomplete')) {
            const steps = stepsOf(error.details) ?? localProblems;
            const first = firstProblemStep(steps) ?? firstProblemStep(localProblems);
            if (first !== undefined) goTo(first);
            notify.error('Application incomplete', error.message);
          } else if (isErrorOf(applicationApi.submit, error, 'email_not_verified')) {
            notify.error('Error', error.message);
            void refreshSessionUser();
          } else if (isErrorOf(applicationApi.submit, error, 'application_submitted')) {
            onStale();
          } else {
            notify.error('Error', failureText(error, FAILED));
          }
        },
      });
    } finally {
      setSaving(false);
    }
  };

  return { run, pending: saving || submit.isPending, attempted, done: submit.isSuccess };
}
