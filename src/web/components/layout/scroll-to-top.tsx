import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at the top; back/forward restore where the reader was, and a
 * change of query string alone (a calculator writing its inputs) never scrolls.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (type !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, type]);
  return <Outlet />;
}
