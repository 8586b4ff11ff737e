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
export type UploadOutcome = { kind: 'stored'; id: string } | { kind: 'failed'; fileName: string; reason: string } | { kind: 'cancelled'; fileName: string };

/** A file of the last pick that was refused, and why: shown on the card until the next pick of that type (the toast may vanish unread). */
export interface UploadRefusal {
  fileName: string;
  reason: string;
}

function uploadFailure(error: unknown) {
  const upload = applicationApi.uploadDocument;
  if (error instanceof ApiError && (error.status === 415 || isErrorOf(upload, error, 'unsupported_file_type'))) return UPLOAD_MESSAGES.invalidType;
  if (error instanceof ApiError && (error.status === 413 || isErrorOf(upload, error, 'file_too_large'))) return UPLOAD_MESSAGES.tooLarge;
  // The server's own words name the rule: an empty file, or the 10 files a type takes.
  if (isErrorOf(upload, error, 'too_many_files') || isErrorOf(upload, error, 'empty_file'))
    return { title: UPLOAD_MESSAGES.failed.title, description: error.message };
  return { title: UPLOAD_MESSAGES.failed.title, description: failureText(error, UPLOAD_MESSAGES.failed.description) };
}

const PICKED_FILE_MESSAGES = { invalidType: UPLOAD_MESSAGES.invalidType, tooLarge: UPLOAD_MESSAGES.tooLarge, empty: UPLOAD_MESSAGES.empty } as const;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The Documents step's uploads (docs/product/application.md#documents), kept by the
 * wizard so an upload goes on, with its progress, when the user opens another step
 * meanwhile: the files of one pick one after another, one pick per type at a time, each
 * file's progress from XMLHttpRequest, a Cancel that aborts it (and the rest of the pick),
 * the outcome as a toast and per type, and the pick's refused files with their reasons.
 */
export function useDocumentUploads(onStored: (doc: ApplicationDocument) => void) {
  const [uploads, setUploads] = useState<Partial<Record<DocumentType, UploadInProgress>>>({});
  const [outcomes, setOutcomes] = useState<Partial<Record<DocumentType, UploadOutcome>>>({});
  const [refusals, setRefusals] = useState<Partial<Record<DocumentType, UploadRefusal[]>>>({});
  const picking = useRef(new Set<DocumentType>());
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

  const refuse = (type: DocumentType, file: File, message: { title: string; description: string }) => {
    notify.error(message.title, message.description);
    setOutcomes((current) => ({ ...current, [type]: { kind: 'failed', fileName: file.name, reason: message.description } }));
    setRefusals((current) => ({ ...current, [type]: [...(current[type] ?? []), { fileName: file.name, reason: message.description }] }));
  };

  /** One file: checked in the browser, then sent with its progress. Answers how it ended. */
  const uploadOne = async (type: DocumentType, file: File): Promise<UploadOutcome['kind']> => {
    const check = checkPickedFile(file);
    if (check !== 'ok') {
      refuse(type, file, PICKED_FILE_MESSAGES[check]);
      return 'failed';
    }
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
      return 'stored';
    } catch (error) {
      if (isAbort(error)) {
        setOutcomes((current) => ({ ...current, [type]: { kind: 'cancelled', fileName: file.name } }));
        return 'cancelled';
      }
      refuse(type, file, uploadFailure(error));
      return 'failed';
    } finally {
      controllers.current.delete(type);
      sent.current.delete(type);
      set(type, undefined);
    }
  };

  /** The files of one pick (several: an ID's two sides), one after another; a new pick clears the last one's refusals. */
  const start = useCallback(async (type: DocumentType, files: File | readonly File[]) => {
    if (picking.current.has(type)) return;
    picking.current.add(type);
    setRefusals((current) => ({ ...current, [type]: [] }));
    try {
      for (const file of Array.isArray(files) ? files : [files as File]) {
        if ((await uploadOne(type, file)) === 'cancelled') break;
      }
    } finally {
      picking.current.delete(type);
    }
    // uploadOne reads only refs and state setters: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once every byte is sent the server may already have stored the file: too late to cancel (the card says 'Finishing...').
  const cancel = useCallback((type: DocumentType) => {
    if (sent.current.has(type)) return;
    controllers.current.get(type)?.abort();
  }, []);

  return { uploads, outcomes, refusals, start, cancel };
}
