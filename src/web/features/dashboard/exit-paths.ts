/** The exit quote pages (docs/decisions/034-exit-quotes.md). */
export const WAYS_OUT_HASH = 'ways-out';
export const WAYS_OUT_PATH = `/dashboard/home#${WAYS_OUT_HASH}`;
export const quotePath = (id: string) => `/dashboard/home/quotes/${id}`;
