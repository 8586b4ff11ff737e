import { useQuery } from '@tanstack/react-query';
import { sessionQuery, type SessionUser } from './session';

/** The signed-in user (null: nobody), while it loads, and a load failure (network, 5xx). */
export function useSession(): { user: SessionUser | null | undefined; isPending: boolean; error: Error | null; refetch: () => void } {
  const query = useQuery(sessionQuery);
  return { user: query.data, isPending: query.isPending, error: query.error, refetch: () => void query.refetch() };
}

/** The signed-in user inside the guarded layout, where a user is always present. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser is only for pages behind RequireAuth');
  return user;
}
