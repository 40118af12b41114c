import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoryPicker } from './StoryPicker';

// the story list request, held (as the request wrapper holds it while the browser is offline)
vi.mock('./api/get-stories', () => ({ getStories: () => new Promise(() => {}) }));

describe('StoryPicker while the story list has not come', () => {
  it('says it is loading online, and that the list waits for the connection offline', () => {
    const { unmount } = render(<StoryPicker onStart={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading stories…');
    unmount();
    render(<StoryPicker onStart={() => {}} onlyStories={new Set()} />);
    expect(screen.getByRole('status')).toHaveTextContent('This level’s stories will show when you are back online.');
  });
});
