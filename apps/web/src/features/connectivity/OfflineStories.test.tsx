import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineStoriesNote, OfflineStoryReason, offlineStoryReasonId } from './OfflineStories';

describe('ASL World offline notes (issue 17 item 6)', () => {
  it('names the stories that can be practised on the device, or says none can yet', () => {
    const { rerender } = render(<OfflineStoriesNote titles={['My Cat', 'A Sunny Day']} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. These stories are saved on this device and can be practised: My Cat, A Sunny Day.',
    );
    rerender(<OfflineStoriesNote titles={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('no story has been saved on this device yet');
  });

  it("explains a disabled Start through the button's description", () => {
    render(
      <>
        <button type="button" disabled aria-describedby={offlineStoryReasonId('s1')}>
          Start
        </button>
        <OfflineStoryReason storyId="s1" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Start' })).toHaveAccessibleDescription(
      'Not on this device yet: open it once while online to practise it offline.',
    );
  });
});
