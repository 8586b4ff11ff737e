import { letterFileName, type LetterItem } from '../../../../domain/admin/letters';
import { api, ApiError } from '../../../lib/api';
import { refreshAdminList } from '../lib/admin-api';

export const refreshLetters = () => refreshAdminList('letters');

/** `POST /api/admin/letters` with the dialog's fields and the PDF (multipart/form-data). */
export const addLetter = (form: FormData) => api<LetterItem>('/api/admin/letters', { method: 'POST', body: form });

export const deleteLetter = (id: string) => api<{ ok: true }>(`/api/admin/letters/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Downloads the letter's PDF and saves it as first-last-letter-of-intent.pdf
 * (spec §7 'Letter PDFs'). Fetched rather than linked so a failure can say so
 * ('Failed to download PDF') instead of saving an error page.
 */
export async function downloadLetterPdf(letter: Pick<LetterItem, 'id' | 'firstName' | 'lastName'>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/letters/${encodeURIComponent(letter.id)}/pdf`, { credentials: 'same-origin' });
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
