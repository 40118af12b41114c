import type { SessionCompleteData } from '@asl/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompletionScreen } from './CompletionScreen';

const base: SessionCompleteData = {
  session_id: 's',
  story_id: 'l1-a-sunny-day',
  overall_score: 100,
  completed: true,
  letters_total: 12,
  letters_attempted: 12,
  letters_signed: 12,
  letters_first_try: 12,
  wrong_attempts: 0,
  accuracy_by_letter: { S: 1, U: 1 },
  duration_ms: 95_000,
  completion_message: 'Wonderful signing! You finished the story.',
  final_suggestions: ['Every letter was right at the first try. Try a story at the next level.'],
  practise_letters: [],
};

/** A story ended before any letter was tried. */
const none: SessionCompleteData = {
  ...base,
  overall_score: 0,
  completed: false,
  letters_attempted: 0,
  letters_signed: 0,
  letters_first_try: 0,
  accuracy_by_letter: {},
  duration_ms: 0,
  completion_message: 'No letter was tried, so there is no score yet.',
  final_suggestions: [],
};

describe('CompletionScreen', () => {
  it('counts letters: "12 of 12 letters, 12 right first time"', () => {
    const { container } = render(
      <CompletionScreen summary={base} onPractiseNext={() => {}} onChooseStory={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: 'Story complete!' })).toBeInTheDocument();
    expect(screen.getByTestId('result-lead')).not.toHaveClass('result-lead-none');
    // a finished story: confetti and a star
    expect(container.querySelectorAll('.confetti span').length).toBeGreaterThan(0);
    expect(container.querySelector('.story-celebration-badge')).toHaveTextContent('★');
    expect(screen.getByTestId('result-letters')).toHaveTextContent('12 of 12 letters, 12 right first time');
    expect(screen.getByText(/No wrong attempts · practice time 2 minutes/)).toBeInTheDocument();
    // every letter right: nothing weak to practise, so the next story is offered as such
    expect(screen.getByRole('button', { name: 'Practise the next story' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Practise [A-Z]/ })).not.toBeInTheDocument();
  });
  it('shows no score and no praise when no letter was tried (a 0% would say every letter went wrong)', () => {
    render(<CompletionScreen summary={none} onPractiseNext={() => {}} onChooseStory={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Story ended early' })).toBeInTheDocument();
    expect(screen.getByTestId('result-lead')).toHaveTextContent('No letter was signed this time.');
    // not in the success colour: nothing went right or wrong
    expect(screen.getByTestId('result-lead')).toHaveClass('result-lead-none');
    expect(screen.getByLabelText('No score yet')).toHaveTextContent('–');
    expect(screen.getByText('No wrong attempts')).toBeInTheDocument(); // no "practice time none yet"
    expect(screen.queryByText('0%')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Score/)).not.toBeInTheDocument();
  });
  it('offers the same story again, not the next one, when nothing was tried', () => {
    const tried: string[] = [];
    render(
      <CompletionScreen
        summary={none}
        onPractiseNext={() => tried.push('next')}
        onChooseStory={() => tried.push('choose')}
        onTryAgain={() => tried.push('again')}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Practise the next story' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Try this story again' }).click();
    screen.getByRole('button', { name: 'Choose another story' }).click();
    expect(tried).toEqual(['again', 'choose']);
  });
  it('keeps what comes next for a story with letters tried, even when it could be tried again', () => {
    render(
      <CompletionScreen summary={base} onPractiseNext={() => {}} onChooseStory={() => {}} onTryAgain={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Practise the next story' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try this story again' })).not.toBeInTheDocument();
  });
  it('says a story ended with letters left, with singular words where they belong', () => {
    const early = {
      ...base,
      completed: false,
      letters_total: 1,
      letters_attempted: 1,
      letters_signed: 1,
      letters_first_try: 0,
      wrong_attempts: 1,
      overall_score: 0,
      duration_ms: 0,
      completion_message: 'The score counts the 1 letter you tried.',
    };
    const { container } = render(
      <CompletionScreen summary={early} onPractiseNext={() => {}} onChooseStory={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: 'Story ended early' })).toBeInTheDocument();
    // ended early: a ring filled as far as the story went, no confetti, no tick saying "done"
    expect(container.querySelectorAll('.confetti span')).toHaveLength(0);
    expect(container.querySelector('.story-celebration-badge')).toHaveTextContent(/^1\/1$/);
    expect(container.querySelector<HTMLElement>('.result-ring')!.style.getPropertyValue('--done')).toBe('100%');
    expect(screen.getByTestId('result-letters')).toHaveTextContent('1 of 1 letter, 0 right first time');
    expect(screen.getByText('1 wrong attempt')).toBeInTheDocument(); // and no practice time to name
  });
  it('fills the ended-early ring as far as the story went, and offers the story again beside what comes next', () => {
    const tried: string[] = [];
    const { container } = render(
      <CompletionScreen
        summary={{ ...base, completed: false, letters_total: 15, letters_signed: 3, letters_attempted: 3 }}
        onPractiseNext={() => tried.push('next')}
        onChooseStory={() => {}}
        onTryAgain={() => tried.push('again')}
      />,
    );
    screen.getByRole('button', { name: 'Try this story again' }).click();
    screen.getByRole('button', { name: 'Practise the next story' }).click();
    expect(tried).toEqual(['again', 'next']);
    // the advice says to try it again: that is the main button
    expect(screen.getByRole('button', { name: 'Try this story again' })).toHaveClass('button-primary');
    expect(screen.getByRole('button', { name: 'Practise the next story' })).toHaveClass('button-secondary');
    expect(container.querySelector('.result-ring')).toHaveTextContent(/^3\/15$/);
    expect(container.querySelector<HTMLElement>('.result-ring')!.style.getPropertyValue('--done')).toBe('20%');
  });
  it('offers a drill of the letters the suggestions name when a letter of this story was weak', () => {
    render(
      <CompletionScreen
        summary={{
          ...base,
          accuracy_by_letter: { S: 1, U: 0.5 },
          final_suggestions: ['Practise U: it took more than one try.'],
          practise_letters: ['U'],
        }}
        onPractiseNext={() => {}}
        onChooseStory={() => {}}
      />,
    );
    expect(screen.getByRole('list', { name: 'Letters to practise' })).toHaveTextContent('U 50%');
    expect(screen.getByRole('button', { name: 'Practise U' })).toBeInTheDocument();
  });
  it('lists the letters to practise in the order the drill button names them', () => {
    render(
      <CompletionScreen
        summary={{ ...base, accuracy_by_letter: { H: 0.5, O: 0 }, practise_letters: ['O', 'H'] }}
        onPractiseNext={() => {}}
        onChooseStory={() => {}}
      />,
    );
    expect(screen.getByRole('list', { name: 'Letters to practise' })).toHaveTextContent('O 0%H 50%');
    expect(screen.getByRole('button', { name: 'Practise O, H' })).toBeInTheDocument();
  });

  it('offline, the drill waits for the connection and says so (it is made by the server)', () => {
    render(
      <CompletionScreen
        summary={{ ...base, accuracy_by_letter: { S: 1, U: 0.5 }, practise_letters: ['U'] }}
        onPractiseNext={() => {}}
        onChooseStory={() => {}}
        offline
      />,
    );
    const drill = screen.getByRole('button', { name: 'Practise U' });
    expect(drill).toBeDisabled();
    expect(drill).toHaveAccessibleDescription(
      'A drill of these letters needs the connection: this button works again when you are back online.',
    );
    expect(screen.getByRole('button', { name: 'Choose another story' })).toBeEnabled();
  });

  it('names as right first time only the letters right first time every time', () => {
    render(
      <CompletionScreen
        summary={{
          ...base,
          letters_first_try: 7,
          accuracy_by_letter: { A: 1, S: 1, T: 0.75, U: 0.5 },
          practise_letters: ['U', 'T'],
        }}
        onPractiseNext={() => {}}
        onChooseStory={() => {}}
      />,
    );
    // the count is of letters in the story; the names are the letters right every time they came up
    expect(screen.getByTestId('result-lead')).toHaveTextContent(
      'You got 7 letters right first time. A and S were right every time.',
    );
    // T, right first time three times in four, went well, with its share
    expect(screen.getByRole('list', { name: 'Right first time, by letter' })).toHaveTextContent('A 100%');
    expect(screen.getByRole('list', { name: 'Right first time, by letter' })).toHaveTextContent('T 75%');
    expect(screen.getByRole('button', { name: 'Practise U, T' })).toBeInTheDocument();
  });
  it('names the letters after the count when they are exactly the letters counted', () => {
    render(
      <CompletionScreen
        summary={{ ...base, letters_first_try: 2, accuracy_by_letter: { C: 1, A: 1, T: 0 } }}
        onPractiseNext={() => {}}
        onChooseStory={() => {}}
      />,
    );
    expect(screen.getByTestId('result-lead')).toHaveTextContent('You got 2 letters right first time: C and A.');
  });
});
