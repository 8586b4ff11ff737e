/**
 * The one toast helper: a title and a description, as spec §8 words them. sonner
 * is loaded on demand so pages that never toast don't download it up front.
 */
type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, title: string, description?: string) {
  void import('sonner').then(({ toast }) => {
    if (kind === 'info') toast(title, { description });
    else toast[kind](title, { description });
  });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
