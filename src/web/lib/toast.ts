/**
 * The one toast helper: a title and a description, as each area's docs/product page
 * words them under Messages (docs/product/public-site.md#general-constants).
 * The toaster (sonner) is downloaded and mounted only when the first toast is
 * shown, so pages that never toast don't pay for it (landing JS budget, ADR 005).
 *
 * The toast rule (docs/product/public-site.md#messages, ADR 023): a toast reports the
 * outcome of an action, never a field's error (that goes under the field). Toasts
 * of one action share a `key`, so its success replaces the error it resolves
 * instead of standing beside it. On phones one toast shows at a time, above the
 * bars stuck to the bottom of the screen.
 */
type Kind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /**
   * The action the toast reports on, e.g. 'save-settings'. A toast with the key of a
   * toast still showing replaces it (an error by the success that resolves it, or by
   * the next error of that action).
   */
  key?: string;
}

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

function show(kind: Kind, title: string, description?: string, options?: ToastOptions) {
  if (!requested) {
    requested = true;
    subscribers.forEach((listener) => listener());
  }
  const data = { description, id: options?.key };
  void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
    if (kind === 'info') toast(title, data);
    else toast[kind](title, data);
  });
}

export const notify = {
  success: (title: string, description?: string, options?: ToastOptions) => show('success', title, description, options),
  error: (title: string, description?: string, options?: ToastOptions) => show('error', title, description, options),
  info: (title: string, description?: string, options?: ToastOptions) => show('info', title, description, options),
  /** Takes down the toast of an action (its error, once the field errors or a page message say it better). */
  dismiss: (key: string) => {
    if (requested) void import('sonner').then(({ toast }) => toast.dismiss(key));
  },
};
