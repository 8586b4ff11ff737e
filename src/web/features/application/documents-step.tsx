import {
  isDecided,
  isWizardDocumentType,
  DOCUMENT_TYPE_INFO,
  missingDocuments,
  requiredDocuments,
  type ApplicationDocument,
  type DocumentTypeInfo,
} from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useRemoveDocument } from './application-api';
import { DocumentCard } from './document-card';
import { useWizard } from './wizard-context';
import { UPLOAD_MESSAGES } from './upload-messages';

/** One document type's card: its upload (kept by the wizard, use-document-uploads.ts) and the removal of each of its files. */
function DocumentSlot({ info, required, files }: { info: DocumentTypeInfo; required: boolean; files: ApplicationDocument[] }) {
  const { view, uploads, uploadOutcomes, uploadRefusals, startUpload, cancelUpload, onDocumentRemoved } = useWizard();
  const remove = useRemoveDocument();

  const removeStored = async (document: ApplicationDocument): Promise<boolean> => {
    try {
      await remove.mutateAsync(document.id);
      onDocumentRemoved(document.id);
      notify.success(UPLOAD_MESSAGES.removed.title, UPLOAD_MESSAGES.removed.description);
      return true;
    } catch (error) {
      notify.error('Error', failureText(error, error instanceof ApiError ? error.message : 'Failed to remove the document. Please try again.'));
      return false;
    }
  };

  return (
    <DocumentCard
      info={info}
      required={required}
      files={files}
      submitted={view.status !== 'draft'}
      decided={isDecided(view.status)}
      upload={uploads[info.type]}
      outcome={uploadOutcomes[info.type]}
      refusals={uploadRefusals[info.type] ?? []}
      removing={remove.isPending}
      canRemove={view.editable}
      onPick={(files) => startUpload(info.type, files)}
      onCancel={() => cancelUpload(info.type)}
      onRemove={removeStored}
    />
  );
}

/**
 * The Documents step (docs/product/application.md#documents): the four types, their
 * badges, the overall badge, each type's current files (several: up to 10) with the reviewer's verdict (#document-review).
 * Uploads go to the server at once, also after submission; removing a file is only for a draft.
 */
export function DocumentsStep() {
  const { view, selfEmployed } = useWizard();
  const draftLike = { employment: { selfEmployed } };
  const required = new Set(requiredDocuments(draftLike));
  const filesOf = (type: DocumentTypeInfo['type']) => view.documents.filter((d) => d.type === type);
  const allThere = missingDocuments(draftLike, view.documents.map((d) => d.type).filter(isWizardDocumentType)).length === 0;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-[0.9375rem] text-muted-foreground">
          {isDecided(view.status) ? 'The documents we decided on.' : 'PDF, JPG or PNG files, up to 25 MB each.'}
        </p>
        {!isDecided(view.status) && (
          <span role="status">
            {allThere ? <Badge variant="success">All Required Documents Uploaded</Badge> : <Badge variant="destructive">Missing Required Documents</Badge>}
          </span>
        )}
      </div>
      <ul className="flex flex-col gap-4" aria-label="Documents">
        {DOCUMENT_TYPE_INFO.map((info) => (
          <DocumentSlot key={info.type} info={info} required={required.has(info.type)} files={filesOf(info.type)} />
        ))}
      </ul>
    </div>
  );
}
