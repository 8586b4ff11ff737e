import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

interface ReviewState {
  reviewOpenedHere?: boolean;
}

/**
 * The review dialog lives in the URL (`?review=<id>`): the dashboard's Review
 * links open it, a reload keeps it, and the back button closes it. Opened from
 * the list it is one history entry, so closing it goes back; opened by a link
 * it is closed in place.
 */
export function useReviewParam() {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = searchParams.get('review') || null;
  const openedHere = Boolean((location.state as ReviewState | null)?.reviewOpenedHere);

  const open = useCallback(
    (reviewId: string) =>
      updateSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('review', reviewId);
          return next;
        },
        { state: { reviewOpenedHere: true } satisfies ReviewState },
      ),
    [updateSearchParams],
  );

  const close = useCallback(() => {
    if (openedHere) {
      void navigate(-1);
      return;
    }
    updateSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('review');
        return next;
      },
      { replace: true },
    );
  }, [navigate, openedHere, updateSearchParams]);

  return { id, open, close };
}
