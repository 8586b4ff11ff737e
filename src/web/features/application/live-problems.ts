import {
  APPLICATION_STEPS,
  checkApplication,
  type ApplicationDraft,
  type DocumentType,
  type StepProblems,
  type ApplicationView,
} from '../../../domain/application';

/**
 * What is still missing, checked in the browser with the server's own rules
 * (checkApplication) as the user types. The SSN digits and birth date are known
 * here only while being typed: a stored one counts as there, unless the server
 * (which can read it) said it is not right and nothing new was typed.
 */
export function liveProblems(draft: ApplicationDraft, uploaded: Iterable<DocumentType>, view: Pick<ApplicationView, 'sensitive' | 'missing'>): StepProblems[] {
  const problems = checkApplication(draft, {
    uploaded,
    stored: { ssnLast4: Boolean(view.sensitive.ssnLast4), dateOfBirth: Boolean(view.sensitive.dateOfBirth) },
  });
  const serverPersonal = view.missing.find((p) => p.stepId === 'personal')?.fields ?? {};
  const extra: Record<string, string> = {};
  for (const name of ['ssnLast4', 'dateOfBirth'] as const) {
    const key = `personal.${name}`;
    if (view.sensitive[name] && !draft.personal[name] && serverPersonal[key]) extra[key] = serverPersonal[key];
  }
  if (Object.keys(extra).length === 0) return problems;
  const personal = problems.find((p) => p.stepId === 'personal');
  if (personal) return problems.map((p) => (p === personal ? { ...p, fields: { ...extra, ...p.fields } } : p));
  return [{ stepIndex: 0, stepId: 'personal', stepTitle: APPLICATION_STEPS[0].title, fields: extra }, ...problems];
}
