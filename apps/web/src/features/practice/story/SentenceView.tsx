import type { PracticeTarget, StorySentence } from '@asl/protocol';

/** The sentence with its practice words marked; the current word and letter stand out. */
export function SentenceView({ sentence, target }: { sentence: StorySentence; target: PracticeTarget | null }) {
  const parts = sentence.text.split(/(\s+)/);
  // each target word is marked once, where it first appears ("Sign H, then hi": one H)
  const marked = new Set<number>();
  return (
    <div className="sentence-view">
      <p className="sentence" aria-label={`Sentence: ${sentence.text}`}>
        {parts.map((part, i) => {
          const bare = part.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
          const ti = sentence.targets.findIndex((t, j) => t === bare && !marked.has(j));
          if (ti < 0 || !bare) return <span key={i}>{part}</span>;
          marked.add(ti);
          const current = target?.word_index === ti;
          const done = target ? ti < target.word_index : true;
          // the word is marked, not the punctuation around it ("hi!": "hi" stands out, then "!")
          const [, before, word, after] = /^([^A-Za-z0-9]*)(.*?)([^A-Za-z0-9]*)$/s.exec(part)!;
          return (
            <span key={i}>
              {before}
              <mark className={`target-word ${current ? 'is-current' : done ? 'is-done' : ''}`}>{word}</mark>
              {after}
            </span>
          );
        })}
      </p>
      {target && (
        <div
          className="letter-row"
          role="group"
          aria-label={`Spell ${target.word}: letter ${target.letter_index + 1} of ${target.word.length}`}
        >
          {[...target.word].map((ch, i) => (
            <span
              key={i}
              className={`letter-box ${i < target.letter_index ? 'is-done' : i === target.letter_index ? 'is-current' : ''}`}
              aria-current={i === target.letter_index ? 'step' : undefined}
            >
              {ch}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
