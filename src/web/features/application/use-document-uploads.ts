import { useCallback, useEffect, useRef, useState } from 'react';
import { applicationApi } from '../../../domain/api/application';
import { checkPickedFile, type ApplicationDocument, type DocumentType } from '../../../domain/application';
import { ApiError } from '../../lib/api';
import { uploadWithProgress } from '../../lib/call-api';
import { failureText, isErrorOf } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { UPLOAD_MESSAGES } from './upload-messages';

/** One upload under way: the file's name and how much of it has been sent (0–1). */
export interface UploadInProgress {
  fileName: string;
  fraction: number;
}

/** How the last upload of a type ended, for the card's status line and where focus goes. */
export type UploadOutcome = { kind: 'stored'; id: string } | { kind: 'failed' } | { kind: 'cancelled'; fileName: string };

function uploadFailure(error: unknown) {
  if (error instanceof ApiError && (error.status === 415 || isErrorOf(applicationApi.uploadDocument, error, 'unsupported_file_type')))
    return UPLOAD_MESSAGES.invalidType;
  if (error instanceof ApiError && (error.status === 413 || isErrorOf(applicationApi.uploadDocument, error, 'file_too_large'))) return UPLOAD_MESSAGES.tooLarge;
  return { title: UPLOAD_MESSAGES.failed.title, description: failureText(error, UPLOAD_MESSAGES.failed.description) };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The Documents step's uploads (docs/product/application.md#documents), kept by the
 * wizard so an upload goes on, with its progress, when the user opens another step
 * meanwhile: one per type at a time, its progress from XMLHttpRequest, a Cancel that
 * aborts it, and the outcome as a toast and per type.
 */
export function useDocumentUploads(onStored: (doc: ApplicationDocument) => void) {
  const [uploads, setUploads] = useState<Partial<Record<DocumentType, UploadInProgress>>>({});
  const [outcomes, setOutcomes] = useState<Partial<Record<DocumentType, UploadOutcome>>>({});
  const controllers = useRef(new Map<DocumentType, AbortController>());
  const sent = useRef(new Set<DocumentType>());
  const stored = useRef(onStored);
  useEffect(() => {
    stored.current = onStored;
  });

  const set = (type: DocumentType, upload: UploadInProgress | undefined) =>
    setUploads((current) => {
      const next = { ...current };
      if (upload) next[type] = upload;
      else delete next[type];
      return next;
    });

  const start = useCallback(async (type: DocumentType, file: File) => {
    const check = checkPickedFile(file);
    if (check !== 'ok') {
      const message = check === 'invalidType' ? UPLOAD_MESSAGES.invalidType : check === 'tooLarge' ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed;
      notify.error(message.title, message.description);
      setOutcomes((current) => ({ ...current, [type]: { kind: 'failed' } }));
      return;
    }
    if (controllers.current.has(type)) return;
    const controller = new AbortController();
    controllers.current.set(type, controller);
    set(type, { fileName: file.name, fraction: 0 });
    setOutcomes((current) => ({ ...current, [type]: undefined }));
    let lastPercent = 0;
    try {
      const doc = await uploadWithProgress(
        applicationApi.uploadDocument,
        { query: { type }, form: {}, file },
        (fraction) => {
          // One render per whole percent, not per progress event.
          const percent = Math.floor(fraction * 100);
          if (percent >= 100) sent.current.add(type);
          if (percent === lastPercent) return;
          lastPercent = percent;
          set(type, { fileName: file.name, fraction });
        },
        controller.signal,
      );
      stored.current(doc);
      setOutcomes((current) => ({ ...current, [type]: { kind: 'stored', id: doc.id } }));
      const message = UPLOAD_MESSAGES.success(type);
      notify.success(message.title, message.description);
    } catch (error) {
      if (isAbort(error)) {
        setOutcomes((current) => ({ ...current, [type]: { kind: 'cancelled', fileName: file.name } }));
      } else {
        setOutcomes((current) => ({ ...current, [type]: { kind: 'failed' } }));
        const message = uploadFailure(error);
        notify.error(message.title, message.description);
      }
    } finally {
      controllers.current.delete(type);
      sent.current.delete(type);
      set(type, undefined);
    }
  }, []);

  // Once every byte is sent the server may already have stored the file: too late to cancel (the card says 'Finishing...').
  const cancel = useCallback((type: DocumentType) => {
    if (sent.current.has(type)) return;
    controllers.current.get(type)?.abort();
  }, []);

  return { uploads, outcomes, start, cancel };
}
