import { render } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PracticeNotice } from './PracticeNotice';

describe('PracticeNotice', () => {
  it('is brought into view when it appears and when its text changes, not on every render', () => {
    const scroll = vi.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scroll;
    onTestFinished(() => {
      HTMLElement.prototype.scrollIntoView = original;
    });
    const { rerender, getByRole } = render(<PracticeNotice text="Too many clicks at once." />);
    expect(getByRole('status')).toHaveTextContent('Too many clicks at once.');
    expect(scroll).toHaveBeenCalledTimes(1);
    rerender(<PracticeNotice text="Too many clicks at once." />);
    expect(scroll).toHaveBeenCalledTimes(1);
    rerender(<PracticeNotice text="You have started many new topics and drills this hour." />);
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});
