import { useState } from 'react';
import { checkPickedFile, DOCUMENT_TYPE_INFO, missingDocuments, requiredDocuments, UPLOAD_MESSAGES, type DocumentType } from '../../../domain/application';
import { Badge } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';
import { failureText } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { removeDocument, uploadDocument } from './application-api';
import { DocumentCard } from './document-card';
import { useWizard } from './wizard-context';

function uploadFailure(error: unknown) {
  if (error instanceof ApiError && (error.status === 415 || error.code === 'unsupported_file_type')) return UPLOAD_MESSAGES.invalidType;
  if (error instanceof ApiError && (error.status === 413 || error.code === 'file_too_large')) return UPLOAD_MESSAGES.tooLarge;
  return { title: UPLOAD_MESSAGES.failed.title, description: failureText(error, UPLOAD_MESSAGES.failed.description) };
}

/**
 * The Documents step (spec §3 'Document types', §4 'Document upload', §8): the
 * four types, their badges, the overall badge. Uploads go to the server at once,
 * also after submission; removing is only for a draft (docs/decisions/007).
 */
export function DocumentsStep() {
  const { view, selfEmployed, onDocumentStored, onDocumentRemoved } = useWizard();
  const [uploading, setUploading] = useState<ReadonlySet<DocumentType>>(new Set());
  const [removing, setRemoving] = useState<DocumentType | null>(null);
  const draftLike = { employment: { selfEmployed } };
  const required = new Set(requiredDocuments(draftLike));
  const stored = new Map(view.documents.map((d) => [d.type, d]));
  const allThere = missingDocuments(draftLike, stored.keys()).length === 0;

  const mark = (type: DocumentType, on: boolean) =>
    setUploading((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });

  const upload = async (type: DocumentType, file: File) => {
    const check = checkPickedFile(file);
    if (check !== 'ok') {
      const message = check === 'invalidType' ? UPLOAD_MESSAGES.invalidType : check === 'tooLarge' ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed;
      notify.error(message.title, message.description);
      return;
    }
    mark(type, true);
    try {
      onDocumentStored(await uploadDocument(type, file));
      const message = UPLOAD_MESSAGES.success(type);
      notify.success(message.title, message.description);
    } catch (error) {
      const message = uploadFailure(error);
      notify.error(message.title, message.description);
    } finally {
      mark(type, false);
    }
  };

  const remove = async (type: DocumentType, id: string) => {
    setRemoving(type);
    try {
      await removeDocument(id);
      onDocumentRemoved(type);
      notify.success(UPLOAD_MESSAGES.removed.title, UPLOAD_MESSAGES.removed.description);
    } catch (error) {
      notify.error('Error', failureText(error, error instanceof ApiError ? error.message : 'Failed to remove the document. Please try again.'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-[15px] text-muted-foreground">PDF, JPG or PNG files, up to 25 MB each.</p>
        <span role="status">
          {allThere ? <Badge variant="success">All Required Documents Uploaded</Badge> : <Badge variant="destructive">Missing Required Documents</Badge>}
        </span>
      </div>
      <ul className="flex flex-col gap-4" aria-label="Documents">
        {DOCUMENT_TYPE_INFO.map((info) => {
          const document = stored.get(info.type);
          return (
            <DocumentCard
              key={info.type}
              info={info}
              required={required.has(info.type)}
              document={document}
              uploading={uploading.has(info.type)}
              removing={removing === info.type}
              canRemove={view.editable}
              onPick={(file) => void upload(info.type, file)}
              onRemove={() => document && void remove(info.type, document.id)}
            />
          );
        })}
      </ul>
    </div>
  );
}
