import { createContext, useContext } from 'react';
import type { ApplicationView, DocumentType, StepId } from '../../../domain/application';
import type { UploadInProgress, UploadOutcome, UploadRefusal } from './use-document-uploads';

/** The two fields kept encrypted and answered masked (docs/decisions/007). */
export type SensitiveName = 'ssnLast4' | 'dateOfBirth';

/** What every step of the wizard reads besides the form itself (react-hook-form's context). */
export interface WizardState {
  view: ApplicationView;
  editable: boolean;
  selfEmployed: boolean;
  /** Messages by field path: half-typed values that cannot be saved, and (once shown) what is still missing. */
  errorOf: (name: string) => string | undefined;
  /** Field path → message of what is still missing, per step (live). */
  missingOf: (step: StepId) => Record<string, string>;
  /** A field's problem now, whether shown yet or not (the sensitive fields decide with it whether they open as an input). */
  problemOf: (name: string) => string | undefined;
  /** The 'Home you want' values came from the calculator. */
  prefilled: boolean;
  /** Documents: the uploads under way and how each type's last one ended (use-document-uploads.ts); a removal's answer. */
  uploads: Partial<Record<DocumentType, UploadInProgress>>;
  uploadOutcomes: Partial<Record<DocumentType, UploadOutcome>>;
  /** The last pick's refused files of each type, with their reasons. */
  uploadRefusals: Partial<Record<DocumentType, UploadRefusal[]>>;
  /** The files of one pick, uploaded one after another. */
  startUpload: (type: DocumentType, files: readonly File[]) => void;
  cancelUpload: (type: DocumentType) => void;
  /** One file removed (by id): its type's other files stay. */
  onDocumentRemoved: (id: string) => void;
  /** Saves at once (consents: the server stamps their time). */
  saveNow: () => void;
}

export const WizardContext = createContext<WizardState | null>(null);

export function useWizard(): WizardState {
  const state = useContext(WizardContext);
  if (!state) throw new Error('useWizard is only for the steps of the application wizard');
  return state;
}
