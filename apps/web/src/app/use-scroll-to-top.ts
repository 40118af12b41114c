import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link or a redirect opens at its top. The window is the one scroller of every
 * page, and the router keeps its position across routes, so a link at the foot of a long page
 * (ASL World's "How well does recognition work?") opened the next page as far down. Back and
 * forward (POP) are left to the browser; a change of query or hash within a page does not scroll.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}
