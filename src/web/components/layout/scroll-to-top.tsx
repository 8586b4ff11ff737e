import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';

/** New pages open at the top; back/forward restore where the reader was. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, type]);
  return <Outlet />;
}
