import type { StorySummary } from '@asl/protocol';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoryPicker } from './StoryPicker';

const getStories = vi.hoisted(() => vi.fn());
vi.mock('./api/get-stories', () => ({ getStories }));
afterEach(() => getStories.mockReset());

const story = (id: string, learner?: StorySummary['learner']): StorySummary => ({
  id,
  title: `Story ${id}`,
  summary: 'A short story.',
  level: 1,
  tags: ['animals'],
  sentence_count: 4,
  letter_count: 15,
  ...(learner ? { learner } : {}),
});

describe('StoryPicker while the story list has not come', () => {
  it('says it is loading online, and that the list waits for the connection offline', () => {
    // the story list request, held (as the request wrapper holds it while the browser is offline)
    getStories.mockReturnValue(new Promise(() => {}));
    const { unmount } = render(<StoryPicker onStart={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading stories…');
    unmount();
    render(<StoryPicker onStart={() => {}} onlyStories={new Set()} />);
    expect(screen.getByRole('status')).toHaveTextContent('This level’s stories will show when you are back online.');
  });
});

describe('StoryPicker marks where the learner stands with each story', () => {
  it('a story part way says how far and that Start goes on; one finished says so; one never practised says nothing', async () => {
    getStories.mockResolvedValue([
      story('open', { completed: true, letters_done: 3 }),
      story('done', { completed: true, letters_done: null }),
      story('new'),
    ]);
    render(<StoryPicker onStart={() => {}} />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('In progress: 3 of 15 letters. Start goes on where you left it.');
    expect(cards[1]).toHaveTextContent('Finished before');
    expect(cards[2]).not.toHaveTextContent(/In progress|Finished/);
  });
});

describe('StoryPicker shown again', () => {
  it('fetches the list again when its tab is shown, keeping the old one on screen meanwhile', async () => {
    getStories.mockResolvedValueOnce([story('open', { completed: false, letters_done: 3 })]);
    render(<StoryPicker onStart={() => {}} />);
    expect(await screen.findByText(/In progress: 3 of 15 letters/)).toBeInTheDocument();
    let answer: (s: StorySummary[]) => void = () => {};
    getStories.mockReturnValueOnce(new Promise((r) => (answer = r)));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByText(/In progress: 3 of 15 letters/)).toBeInTheDocument(); // no flash of loading
    await act(async () => answer([story('open', { completed: false, letters_done: null })]));
    expect(screen.queryByText(/In progress/)).not.toBeInTheDocument();
    expect(getStories).toHaveBeenCalledTimes(2);
  });
});
