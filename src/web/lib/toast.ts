/**
 * The one toast helper: a title and a description, as each area's docs/product page
 * words them under Messages (docs/product/public-site.md#general-constants).
 * The toaster (sonner) is downloaded and mounted only when the first toast is
 * shown, so pages that never toast don't pay for it (landing JS budget, ADR 005).
 */
type Kind = 'success' | 'error' | 'info';

let requested = false;
const subscribers = new Set<() => void>();
let markReady!: () => void;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Read by the toaster host in main.tsx. */
export const toasterState = {
  get requested() {
    return requested;
  },
  subscribe(listener: () => void) {
    subscribers.add(listener);
    return () => {
      subscribers.delete(listener);
    };
  },
  /** Called once the toaster has mounted and listens for toasts. */
  markReady: () => markReady(),
};

function show(kind: Kind, title: string, description?: string) {
  if (!requested) {
    requested = true;
    subscribers.forEach((listener) => listener());
  }
  void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
    if (kind === 'info') toast(title, { description });
    else toast[kind](title, { description });
  });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
