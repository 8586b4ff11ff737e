import { useState } from 'react';
import { firstProblemStep, type StepProblems } from '../../../domain/application';
import { failureText, isApiError } from '../../lib/form-errors';
import { refreshSessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { submitApplication, type ApplicationView } from './application-api';

const FAILED = 'Failed to submit application. Please try again.';

interface Options {
  /** Pending saves first: the certification is part of the draft (brief). */
  flush: () => Promise<boolean>;
  goTo: (step: number) => void;
  onSubmitted: (view: ApplicationView) => void;
  onStale: () => void;
}

/**
 * 'Submit Application' (spec §4 'Submission', §8): waits for the draft to be
 * saved, submits, and on 400 application_incomplete opens the first step the
 * server says has a gap, with every gap now shown under its field.
 */
export function useSubmitApplication({ flush, goTo, onSubmitted, onStale }: Options) {
  const [pending, setPending] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState(false);

  const run = async (localProblems: StepProblems[]) => {
    setPending(true);
    try {
      if (!(await flush())) {
        notify.error('Error', 'Your latest changes are not saved yet, so the application was not submitted. Please try again in a moment.');
        return;
      }
      const view = await submitApplication();
      setDone(true);
      onSubmitted(view);
      // The thank-you notice opens the card: bring it into view.
      requestAnimationFrame(() => document.getElementById('application-top')?.scrollIntoView({ block: 'start' }));
      notify.success('Application Submitted', "Your application has been submitted successfully. You'll receive updates via email.");
      // Submitting raises guest to applicant (decisions.md 'Accounts').
      void refreshSessionUser();
    } catch (error) {
      setAttempted(true);
      if (isApiError(error, 'application_incomplete')) {
        const steps = Array.isArray(error.details.steps) ? (error.details.steps as StepProblems[]) : localProblems;
        const first = firstProblemStep(steps) ?? firstProblemStep(localProblems);
        if (first !== undefined) goTo(first);
        notify.error('Application incomplete', error.message);
      } else if (isApiError(error, 'email_not_verified')) {
        notify.error('Error', error.message);
        void refreshSessionUser();
      } else if (isApiError(error, 'application_submitted')) {
        onStale();
      } else {
        notify.error('Error', failureText(error, FAILED));
      }
    } finally {
      setPending(false);
    }
  };

  return { run, pending, attempted, done };
}
