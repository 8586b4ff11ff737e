import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';

/**
 * The server-state provider of the account screens and the signed-in area. It is
 * a lazy route of its own, so TanStack Query never weighs on the public pages'
 * entry chunk (ADR 005: features that need server state bring their provider).
 */
export default function SessionProviderLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
