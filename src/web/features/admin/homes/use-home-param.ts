import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

interface HomeParamState {
  homeOpenedHere?: boolean;
}

/**
 * A home's record lives in the URL (`/admin/homes?home=<id>`), as the applications'
 * review does (`?review=`): the review dialog's 'Open the home' links to it, a reload
 * keeps it, and the back button closes it.
 */
export function useHomeParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = searchParams.get('home') || null;
  const openedHere = Boolean((location.state as HomeParamState | null)?.homeOpenedHere);

  const open = useCallback(
    (homeId: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('home', homeId);
          return next;
        },
        { state: { homeOpenedHere: true } satisfies HomeParamState },
      ),
    [setSearchParams],
  );

  const close = useCallback(() => {
    if (openedHere) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('home');
        return next;
      },
      { replace: true },
    );
  }, [navigate, openedHere, setSearchParams]);

  return { id, open, close };
}
