import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageStartOnNavigate } from './use-page-start';

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

/** A page that puts focus on its own heading when it opens. */
function FocusingPage() {
  const h = useRef<HTMLHeadingElement>(null);
  useEffect(() => h.current?.focus(), []);
  return (
    <h1 ref={h} tabIndex={-1}>
      Focusing
    </h1>
  );
}

let navigate: ReturnType<typeof useNavigate>;
function Shell() {
  usePageStartOnNavigate();
  navigate = useNavigate();
  return (
    <>
      <nav>
        <Link to="/focusing">Focusing page</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/long" element={<Link to="/about">About</Link>} />
          <Route path="/about" element={<h1>About</h1>} />
          <Route path="/focusing" element={<FocusingPage />} />
        </Routes>
      </main>
    </>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );
}

describe('usePageStartOnNavigate', () => {
  it('opens a page reached by a link at its top, focus on its main; back, forward and query changes left alone', () => {
    renderAt('/long');
    // the first page: the browser's own position and focus (a POP entry)
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'About' });
    link.focus();
    fireEvent.click(link);
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    act(() => navigate('/about?story=cat'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(screen.getByRole('link', { name: 'About' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves focus where the new page put it', () => {
    renderAt('/long');
    const link = screen.getByRole('link', { name: 'Focusing page' });
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Focusing' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
