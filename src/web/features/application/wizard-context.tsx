import { createContext, useContext } from 'react';
import type { ApplicationDocument, ApplicationView, DocumentType, StepId } from '../../../domain/application';

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
  /** The sensitive fields being typed anew (the stored value is shown masked otherwise). */
  changing: Record<SensitiveName, boolean>;
  setChanging: (name: SensitiveName, on: boolean) => void;
  /** The 'Home you want' values came from the calculator. */
  prefilled: boolean;
  /** Documents: the server's answers after an upload or removal. */
  onDocumentStored: (doc: ApplicationDocument) => void;
  onDocumentRemoved: (type: DocumentType) => void;
  /** Saves at once (consents: the server stamps their time). */
  saveNow: () => void;
}

export const WizardContext = createContext<WizardState | null>(null);

export function useWizard(): WizardState {
  const state = useContext(WizardContext);
  if (!state) throw new Error('useWizard is only for the steps of the application wizard');
  return state;
}
