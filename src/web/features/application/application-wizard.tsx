import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  isWizardDocumentType,
  APPLICATION_STEPS,
  flattenProblems,
  LAST_STEP_INDEX,
  missingDocuments,
  missingDocumentsText,
  problemsOfStep,
  stepIndexOf,
  type StepId,
  type ApplicationDocument,
  type ApplicationView,
} from '../../../domain/application';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConsentsStep } from './consents-step';
import { DocumentsStep } from './documents-step';
import { draftToForm, keepStoredUnlessComplete, savableDraft, type ApplicationFormValues } from './form-values';
import { liveProblems } from './live-problems';
import { SaveState } from './save-state';
import { StepFields } from './step-fields';
import { StepIndicator } from './step-indicator';
import { stepMarks } from './step-marks';
import { StepMissing } from './step-missing';
import { MISSING_DOCUMENTS_ID, SubmitPanel } from './submit-panel';
import { SubmittedNotice } from './submitted-notice';
import { decidedTexts } from './decided-texts';
import { useAutosave } from './use-autosave';
import { useCalculatorPrefill } from './use-calculator-prefill';
import { useDocumentUploads } from './use-document-uploads';
import { useSubmitApplication } from './use-submit-application';
import { useWizardStep } from './use-wizard-step';
import { WizardFooter } from './wizard-footer';
import { WizardContext, type WizardState } from './wizard-context';

/** The six-step wizard (docs/product/application.md#wizard) over one loaded application; remounted when it changes elsewhere. */
export function ApplicationWizard({
  initial,
  onStale,
  onWithdrawn,
}: {
  initial: ApplicationView;
  onStale: (view?: ApplicationView) => void;
  /** The buyer withdrew it (docs/decisions/041-withdrawal-and-change-requests.md): the page loads what comes next. */
  onWithdrawn: () => void;
}) {
  const [view, setView] = useState(initial);
  const [documents, setDocuments] = useState<ApplicationDocument[]>(initial.documents);
  const form = useForm<ApplicationFormValues>({ defaultValues: draftToForm(initial.draft) });
  const values = useWatch({ control: form.control }) as ApplicationFormValues;
  const { touchedFields } = form.formState;
  const { step, goTo } = useWizardStep();
  const stepId: StepId = APPLICATION_STEPS[step].id;
  const editable = view.editable;
  const [visited, setVisited] = useState<ReadonlySet<number>>(new Set());
  const [prefilled, setPrefilled] = useState(false);

  const autosave = useAutosave({
    enabled: editable,
    initial,
    buildBody: () => keepStoredUnlessComplete(savableDraft(form.getValues()).draft, view.sensitive),
    onSaved: setView,
    onStale,
  });
  const { schedule, flush } = autosave;
  useEffect(() => {
    const subscription = form.watch(() => schedule());
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  useCalculatorPrefill({
    enabled: editable,
    values,
    apply: useCallback(
      (filled: { desiredPropertyValue?: string; downPayment?: string }) => {
        for (const [key, value] of Object.entries(filled)) form.setValue(`assets.${key}`, value, { shouldDirty: true });
        setPrefilled(true);
      },
      [form],
    ),
  });

  // Every step change saves (brief), marks the step left as visited, and moves focus to the new step's title.
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    const left = previous.current;
    previous.current = step;
    setVisited((current) => new Set(current).add(left));
    void flush({ force: editable && !view.id });
    heading.current?.focus({ preventScroll: true });
    document.getElementById('application-top')?.scrollIntoView({ block: 'start' });
  }, [step, flush, editable, view.id]);

  // A type takes several files; after submission a new version takes the place of the file it replaces (docs/product/application.md#documents).
  const uploads = useDocumentUploads((doc) => setDocuments((current) => [...current.filter((d) => d.id !== doc.replacesId), doc]));

  const { draft, errors: typingErrors } = savableDraft(values);
  const uploadedTypes = documents.map((d) => d.type).filter(isWizardDocumentType);
  const problems = editable ? liveProblems(draft, uploadedTypes, view) : [];
  // docs/product/application.md#submission: Submit waits for every required document, and says which it waits for.
  const missingText = missingDocumentsText(missingDocuments(draft, uploadedTypes));
  const submit = useSubmitApplication({ flush, goTo, onSubmitted: setView, onStale });
  const flat = flattenProblems(problems);

  const state: WizardState = {
    view: { ...view, documents },
    editable,
    selfEmployed: draft.employment.selfEmployed === true,
    errorOf: (name) => {
      if (typingErrors[name]) return typingErrors[name];
      const owner = name.startsWith('documents.') || name === 'certified' ? 'documents' : (name.split('.')[0] as StepId);
      const touched = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], touchedFields);
      return submit.attempted || visited.has(stepIndexOf(owner)) || touched ? flat[name] : undefined;
    },
    missingOf: (id) => problemsOfStep(problems, id),
    problemOf: (name) => typingErrors[name] ?? flat[name],
    prefilled,
    uploads: uploads.uploads,
    uploadOutcomes: uploads.outcomes,
    uploadRefusals: uploads.refusals,
    startUpload: (type, files) => void uploads.start(type, files),
    cancelUpload: uploads.cancel,
    onDocumentRemoved: (id) => setDocuments((current) => current.filter((d) => d.id !== id)),
    saveNow: () => void flush(),
  };

  return (
    <WizardContext.Provider value={state}>
      <FormProvider {...form}>
        <div id="application-top" className="scroll-mt-20">
          <StepIndicator step={step} marks={stepMarks(step, visited, problems)} onOpen={goTo} />
        </div>
        {autosave.status.kind === 'conflict' && (
          <Alert variant="warning" className="mt-6">
            <p>This application was changed in another tab or on another device, so your latest changes here were not saved.</p>
            <Button size="sm" variant="outline" className="mt-3 bg-card" onClick={() => onStale()}>
              Load the latest version
            </Button>
          </Alert>
        )}
        <Card className="mt-6 p-5 sm:p-8">
          {!editable && step === LAST_STEP_INDEX && <SubmittedNotice view={view} justSubmitted={submit.done} onWithdrawn={onWithdrawn} />}
          <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
              {APPLICATION_STEPS[step].title}
            </h2>
            {editable && <SaveState status={autosave.status} onRetry={() => void flush()} />}
          </div>
          {!editable && step !== LAST_STEP_INDEX && (
            <Alert className="mb-6">
              {decidedTexts(view.status)?.stepNote ??
                'Your application is submitted: these answers can no longer be changed. You can still add documents in the last step.'}
            </Alert>
          )}
          <form noValidate onSubmit={(event) => event.preventDefault()}>
            {stepId === 'consents' ? <ConsentsStep /> : stepId === 'documents' ? <DocumentsStep /> : <StepFields stepId={stepId} />}
            {stepId === 'documents' && <SubmitPanel problems={problems} missingDocuments={missingText} onOpen={goTo} />}
          </form>
          {editable && <StepMissing fields={problemsOfStep(problems, stepId)} />}
        </Card>
        <WizardFooter
          step={step}
          onPrevious={() => goTo(step - 1)}
          onContinue={() => goTo(step + 1)}
          submit={
            editable
              ? {
                  enabled: values.certified === true && !missingText,
                  submitting: submit.pending,
                  onSubmit: () => void submit.run(problems),
                  describedBy: missingText ? MISSING_DOCUMENTS_ID : undefined,
                }
              : undefined
          }
          unsaved={autosave.status.kind === 'retrying' || autosave.status.kind === 'failed'}
        />
      </FormProvider>
    </WizardContext.Provider>
  );
}
