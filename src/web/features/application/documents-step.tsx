import {
  isWizardDocumentType,
  checkPickedFile,
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
import { useRemoveDocument, useUploadDocument } from './application-api';
import { DocumentCard } from './document-card';
import { useWizard } from './wizard-context';
import { UPLOAD_MESSAGES } from './upload-messages';

function uploadFailure(error: unknown) {
  if (error instanceof ApiError && (error.status === 415 || error.code === 'unsupported_file_type')) return UPLOAD_MESSAGES.invalidType;
  if (error instanceof ApiError && (error.status === 413 || error.code === 'file_too_large')) return UPLOAD_MESSAGES.tooLarge;
  return { title: UPLOAD_MESSAGES.failed.title, description: failureText(error, UPLOAD_MESSAGES.failed.description) };
}

/** One document type's card with its own upload and removal (several types can upload at once). */
function DocumentSlot({ info, required, files }: { info: DocumentTypeInfo; required: boolean; files: ApplicationDocument[] }) {
  const document = files.at(-1);
  const { view, onDocumentStored, onDocumentRemoved } = useWizard();
  const upload = useUploadDocument();
  const remove = useRemoveDocument();

  // Awaited rather than given callbacks: the outcome must still land (in the wizard, as a toast) when
  // the user has moved to another step meanwhile and this card is gone.
  const pick = async (file: File) => {
    const check = checkPickedFile(file);
    if (check !== 'ok') {
      const message = check === 'invalidType' ? UPLOAD_MESSAGES.invalidType : check === 'tooLarge' ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed;
      notify.error(message.title, message.description);
      return;
    }
    try {
      onDocumentStored(await upload.mutateAsync({ type: info.type, file }));
      const message = UPLOAD_MESSAGES.success(info.type);
      notify.success(message.title, message.description);
    } catch (error) {
      const message = uploadFailure(error);
      notify.error(message.title, message.description);
    }
  };

  const removeStored = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      onDocumentRemoved(info.type);
      notify.success(UPLOAD_MESSAGES.removed.title, UPLOAD_MESSAGES.removed.description);
    } catch (error) {
      notify.error('Error', failureText(error, error instanceof ApiError ? error.message : 'Failed to remove the document. Please try again.'));
    }
  };

  return (
    <DocumentCard
      info={info}
      required={required}
      files={files}
      submitted={view.status !== 'draft'}
      uploading={upload.isPending}
      removing={remove.isPending}
      canRemove={view.editable}
      onPick={(file) => void pick(file)}
      onRemove={() => document && void removeStored(document.id)}
    />
  );
}

/**
 * The Documents step (docs/product/application.md#documents): the four types, their
 * badges, the overall badge, each type's current files with the reviewer's verdict (#document-review). Uploads go to the server at once, also after submission;
 * removing is only for a draft.
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
        <p className="text-[15px] text-muted-foreground">PDF, JPG or PNG files, up to 25 MB each.</p>
        <span role="status">
          {allThere ? <Badge variant="success">All Required Documents Uploaded</Badge> : <Badge variant="destructive">Missing Required Documents</Badge>}
        </span>
      </div>
      <ul className="flex flex-col gap-4" aria-label="Documents">
        {DOCUMENT_TYPE_INFO.map((info) => (
          <DocumentSlot key={info.type} info={info} required={required.has(info.type)} files={filesOf(info.type)} />
        ))}
      </ul>
    </div>
  );
}
