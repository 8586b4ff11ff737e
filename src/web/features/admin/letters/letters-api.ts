import { queryOptions, useMutation } from '@tanstack/react-query';
import { letterFileName, type LetterEditForm, type LetterForm, type LetterItem, type LetterStatus } from '../../../../domain/admin/letters';
import { adminLettersApi } from '../../../../domain/api/admin-letters';
import { ApiError } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { callApi, hrefOf } from '../../../lib/call-api';
import { refreshAdminList, useAdminList } from '../lib/use-admin-list';
import { LETTER_TEXTS } from './letter-texts';

/** GET /api/admin/letters (and its export link) with the page's state in the URL (docs/product/back-office.md#letters-of-intent). */
export const useLettersList = () => useAdminList({ list: adminLettersApi.list, export: adminLettersApi.export, loadFailed: LETTER_TEXTS.loadFailed });

/** Asks for every cached page of the letters list again. */
export const refreshLetters = () => refreshAdminList(adminLettersApi.list);

/** POST /api/admin/letters: the dialog's fields as typed (the server validates them with the same schema) and the PDF, as multipart/form-data. */
export function useAddLetter() {
  return useMutation({
    mutationFn: ({ form, file }: { form: LetterForm; file?: File }) => callApi(adminLettersApi.add, { form, file }),
    onSuccess: () => refreshLetters(),
  });
}

/** GET /api/admin/letters/{id}: the detail view's letter, read afresh when it opens. Under the list's key, so a refresh of the list refreshes it too. */
export const letterQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'letters', 'detail', id] as const,
    queryFn: ({ signal }) => callApi(adminLettersApi.get, { params: { id } }, { signal }),
    staleTime: 0,
  });

/** The saved letter replaces the detail view's copy, and the list is asked for again. */
const saved = (letter: LetterItem) => {
  queryClient.setQueryData(letterQuery(letter.id).queryKey, letter);
  void refreshLetters();
};

/** PATCH /api/admin/letters/{id}: the edit form's fields as typed (the server validates them with the same schema). */
export function useUpdateLetter() {
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: LetterEditForm }) => callApi(adminLettersApi.update, { params: { id }, body: form }),
    onSuccess: saved,
  });
}

/** PATCH /api/admin/letters/{id}/status. */
export function useSetLetterStatus() {
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: LetterStatus; reason?: string }) =>
      callApi(adminLettersApi.setStatus, { params: { id }, body: { status, reason } }),
    onSuccess: saved,
  });
}

/** POST /api/admin/letter-pdfs: a PDF attached to a letter added without one, or replacing its PDF. */
export function useAttachLetterPdf() {
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => callApi(adminLettersApi.attachPdf, { form: { letterId: id }, file }),
    onSuccess: saved,
  });
}

/** DELETE /api/admin/letters/{id}; settles after the list is fresh. */
export function useDeleteLetter() {
  return useMutation({
    mutationFn: (id: string) => callApi(adminLettersApi.delete, { params: { id } }),
    onSuccess: () => refreshLetters(),
  });
}

/**
 * GET /api/admin/letters/{id}/pdf, saved as first-last-letter-of-intent.pdf
 * (docs/product/back-office.md#letters-of-intent, Download). Fetched rather than
 * linked so a failure can say so ('Failed to download PDF') instead of saving an
 * error page.
 */
async function downloadLetterPdf(letter: Pick<LetterItem, 'id' | 'firstName' | 'lastName'>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(hrefOf(adminLettersApi.pdf, { params: { id: letter.id } }), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', 'We could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw new ApiError(response.status, 'download_failed', `The server answered ${response.status}.`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = letterFileName(letter.firstName, letter.lastName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start saving before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The PDF download as a mutation: the row's button shows its pending state and the outcome. */
export function useDownloadLetterPdf() {
  return useMutation({ mutationFn: downloadLetterPdf });
}
