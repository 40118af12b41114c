import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackPanel } from './FeedbackPanel';

const fb = {
  target: 'A',
  detected: 'S',
  confidence: 0.82,
  correct: false,
  hint: 'Move your thumb to the side of your fist',
  held_ms: 420,
  kind: 'attempt' as const,
  counted: true,
};

describe('FeedbackPanel', () => {
  it("says each reading politely, and at once in Settings' screen reader mode", () => {
    const region = () => document.querySelector('.feedback-live')!;
    const { unmount } = render(<FeedbackPanel feedback={fb} handSeen onAction={() => {}} onReport={async () => {}} />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    // only what changed is read: an old praise is not read again beside "I can't see your hand"
    expect(region()).toHaveAttribute('aria-atomic', 'false');
    unmount();
    document.documentElement.dataset.screenReader = 'true';
    try {
      render(<FeedbackPanel feedback={fb} handSeen onAction={() => {}} onReport={async () => {}} />);
      expect(region()).toHaveAttribute('aria-live', 'assertive');
    } finally {
      delete document.documentElement.dataset.screenReader;
    }
  });

  it('says when no hand is seen, and that the picture is too dark when it is', () => {
    const { rerender } = render(
      <FeedbackPanel feedback={null} handSeen={false} onAction={() => {}} onReport={async () => {}} />,
    );
    expect(screen.getByText("I can't see your hand. Hold it up in front of the camera.")).toBeInTheDocument();
    rerender(<FeedbackPanel feedback={null} handSeen={false} tooDark onAction={() => {}} onReport={async () => {}} />);
    expect(
      screen.getByText("It's too dark to see your hand. Turn on a light, or check that nothing covers the camera."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/I can't see your hand/)).toBeNull();
    // a hand seen in a dim picture is read: nothing said about the light
    rerender(<FeedbackPanel feedback={null} handSeen tooDark onAction={() => {}} onReport={async () => {}} />);
    expect(screen.queryByText(/too dark/)).toBeNull();
  });

  it('says the camera is off, not that no hand is seen, when no picture is being read', () => {
    render(<FeedbackPanel feedback={null} handSeen={false} cameraOff onAction={() => {}} onReport={async () => {}} />);
    expect(screen.getByText('The camera is off. Start the camera to keep practising.')).toBeInTheDocument();
    expect(screen.queryByText(/I can't see your hand/)).toBeNull();
  });
  it('says the camera could not start (permission denied, no device), not that no hand is seen', () => {
    render(
      <FeedbackPanel feedback={null} handSeen={false} cameraFailed onAction={() => {}} onReport={async () => {}} />,
    );
    expect(
      screen.getByText('The camera could not start, so no hand can be read. Follow the steps under the video.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/I can't see your hand/)).toBeNull();
  });
  it('drops an adjust hint (and its report link) about a hand no longer in view, and keeps a counted verdict', () => {
    const adjust = {
      ...fb,
      detected: null,
      hint: 'Move your hand a little further from the camera',
      kind: 'adjust' as const,
      counted: false,
    };
    const { rerender } = render(
      <FeedbackPanel feedback={adjust} handSeen onAction={() => {}} onReport={async () => {}} />,
    );
    expect(screen.getByText('Move your hand a little further from the camera')).toBeInTheDocument();
    // not sure whatever the leading letter's own probability (0.82 would read "fairly sure")
    expect(screen.getByTestId('confidence')).toHaveTextContent(/^Reading: not sure$/);
    rerender(<FeedbackPanel feedback={adjust} handSeen={false} onAction={() => {}} onReport={async () => {}} />);
    expect(screen.getByText("I can't see your hand. Hold it up in front of the camera.")).toBeInTheDocument();
    expect(screen.queryByText('Move your hand a little further from the camera')).toBeNull();
    expect(screen.queryByTestId('confidence')).toBeNull();
    expect(screen.queryByRole('button', { name: 'This feedback is wrong' })).toBeNull();
    rerender(<FeedbackPanel feedback={fb} handSeen={false} onAction={() => {}} onReport={async () => {}} />);
    expect(screen.getByText('Move your thumb to the side of your fist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This feedback is wrong' })).toBeEnabled();
  });
  it('shows the hint, the confidence in words only (no meter), and reports a wrong feedback once', async () => {
    const onReport = vi.fn(async () => {});
    const onAction = vi.fn();
    render(<FeedbackPanel feedback={fb} handSeen onAction={onAction} onReport={onReport} />);
    expect(screen.getByText('Move your thumb to the side of your fist')).toBeInTheDocument();
    const line = screen.getByText('Read as S · fairly sure');
    expect(line).toHaveClass('confidence-wrong');
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'This feedback is wrong' }));
    // aria-disabled (it keeps the focus it had when pressed), and a second press sends nothing
    const thanks = await screen.findByRole('button', { name: 'Thanks, reported' });
    expect(thanks).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(thanks);
    expect(onReport).toHaveBeenCalledOnce();
    expect(onReport).toHaveBeenCalledWith(fb);
    fireEvent.click(screen.getByRole('button', { name: 'Next Sentence' }));
    expect(onAction).toHaveBeenCalledWith('next_sentence');
  });
  it('celebrates accepted praise, and acknowledges a report at once even when sending fails', async () => {
    const praise = { ...fb, target: 'S', correct: true, hint: "That's S. Well done!" };
    const onReport = vi.fn(async () => {
      throw new Error('offline');
    });
    render(<FeedbackPanel feedback={praise} handSeen onAction={() => {}} onReport={onReport} />);
    expect(screen.getByTestId('celebration')).toBeInTheDocument();
    expect(screen.getByText('Read as S · fairly sure')).toHaveClass('confidence-right');
    fireEvent.click(screen.getByRole('button', { name: 'This feedback is wrong' }));
    expect(screen.getByRole('status')).toHaveTextContent("Thanks! We'll use it to check this reading.");
    expect(onReport).toHaveBeenCalledTimes(1);
  });
  it('says a report made offline will be sent when the learner is back online', () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<FeedbackPanel feedback={fb} handSeen onAction={() => {}} onReport={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'This feedback is wrong' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      "Thanks! It will be sent when you're back online, and we'll use it to check this reading.",
    );
    offline.mockRestore();
  });
  it("says a wrong reading reported won't count against the learner, online and offline", () => {
    const attempt = { ...fb, attempt_id: '00000000-0000-4000-8000-000000000001' };
    const { unmount } = render(
      <FeedbackPanel feedback={attempt} handSeen onAction={() => {}} onReport={async () => {}} />,
    );
    expect(screen.getByText('Read as S · fairly sure')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'This feedback is wrong' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      "Thanks! This try won't count against you. We'll use it to check this reading.",
    );
    // the card no longer shows it as a mistake
    expect(screen.queryByText('Read as S · fairly sure')).toBeNull();
    expect(screen.queryByText(fb.hint)).toBeNull();
    expect(screen.getByText("Reported: that try doesn't count. Sign again when you're ready.")).toBeInTheDocument();
    unmount();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<FeedbackPanel feedback={attempt} handSeen onAction={() => {}} onReport={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'This feedback is wrong' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      "Thanks! This try won't count against you. The report will be sent when you're back online, and we'll use it to check this reading.",
    );
    offline.mockRestore();
  });
  it('shows a hint that counts nothing (motion pending) without a celebration or a letter read', () => {
    const pending = { ...fb, target: 'J', detected: 'I', kind: 'motion_pending' as const, counted: false };
    render(
      <FeedbackPanel
        feedback={{ ...pending, hint: 'Good I shape — now draw a J with your pinky' }}
        handSeen
        onAction={() => {}}
        onReport={async () => {}}
      />,
    );
    expect(screen.queryByTestId('celebration')).toBeNull();
    expect(screen.getByText('Good I shape — now draw a J with your pinky').closest('p')).toHaveClass('hint-pending');
    expect(screen.getByTestId('confidence')).toHaveClass('confidence-pending');
  });
  it('puts the current feedback in the slot given (over the video), the actions where it stands', () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    render(<FeedbackPanel feedback={fb} handSeen onAction={() => {}} onReport={async () => {}} slot={slot} />);
    expect(slot).toHaveTextContent('Move your thumb to the side of your fist');
    expect(slot.querySelector('button')).toBeNull();
    slot.remove();
  });
});
