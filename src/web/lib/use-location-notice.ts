import { useLocation } from 'react-router';

/** A one-line message handed over by the page that sent the visitor here (`navigate(to, { state: { notice } })`). */
export function useLocationNotice(): string | undefined {
  const state = useLocation().state as { notice?: unknown } | null;
  return typeof state?.notice === 'string' ? state.notice : undefined;
}
