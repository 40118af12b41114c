import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

let navigate: ReturnType<typeof useNavigate>;
function Pages() {
  useScrollToTopOnNavigate();
  navigate = useNavigate();
  return (
    <Routes>
      <Route path="/long" element={<Link to="/about">About</Link>} />
      <Route path="/about" element={<h1>About</h1>} />
    </Routes>
  );
}

describe('useScrollToTopOnNavigate', () => {
  it('opens a page reached by a link at its top, and leaves back, forward and query changes alone', () => {
    render(
      <MemoryRouter initialEntries={['/long']}>
        <Pages />
      </MemoryRouter>,
    );
    // the first page: the browser's own position (a POP entry), not moved
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    act(() => navigate('/about?story=cat'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(screen.getByRole('link', { name: 'About' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
