import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link or a redirect opens at its top, with keyboard focus at its start.
 *
 * - Scroll: the window is the one scroller of every page, and the router keeps its position across
 *   routes, so a link at the foot of a long page (ASL World's "How well does recognition work?")
 *   opened the next page as far down.
 * - Focus: the link a learner followed is often gone with its page, which drops focus to the
 *   document and sends the next Tab back to the header. Focus moves to the page's <main> (which
 *   screen readers then read from), unless the page has already put it somewhere inside.
 *
 * Back and forward (POP) are left to the browser; a change of query or hash within a page does
 * neither.
 */
export function usePageStartOnNavigate(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'POP') return;
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (main && main.tabIndex === -1 && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname, type]);
}
