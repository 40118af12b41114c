import { DRILL_MAX_LETTERS, type Story } from '@asl/protocol';

const words = (s: string): string[] => s.toUpperCase().match(/[A-Z0-9]+/g) ?? [];

/** The library story that fits a topic word best (tag, then title and text), or null. */
export function pickForTopic(topic: string, library: Story[]): Story | null {
  const t = topic.trim().toLowerCase();
  if (t.length < 2) return null; // "a" is in every story's text
  // nothing but small words ("the", "and"): in every story's text, so no topic (the re-check of
  // 2026-11-28: "the" opened A Trip to the Zoo)
  if (words(t).every((w) => JOINING_WORDS.has(w))) return null;
  let best: { story: Story; score: number } | null = null;
  for (const story of library) {
    let score = 0;
    if (story.tags.includes(t)) score += 5;
    if (story.title.toLowerCase().includes(t)) score += 3;
    for (const s of story.sentences) {
      if (s.targets.includes(t.toUpperCase())) score += 2;
      if (words(s.text).includes(t.toUpperCase())) score += 1;
    }
    // a word only met in a story's text (a name in one line) is no topic of it: spelled as its own story
    if (score > 1 && (!best || score > best.score || (score === best.score && story.level < best.story.level))) {
      best = { story, score };
    }
  }
  return best?.story ?? null;
}

/** The most letters a made topic story spells (its words together). */
const TOPIC_MAX_LETTERS = 12;

/**
 * Small words a topic phrase is made with, left out of what is spelled ("hot dog and fries", "my
 * grandmother's garden": the S of an apostrophe too).
 */
const JOINING_WORDS = new Set([
  ...['A', 'AN', 'AND', 'OF', 'OR', 'THE', 'S', 'MY', 'IS', 'ARE', 'AM'],
  ...['TO', 'IN', 'ON', 'AT', 'FOR', 'WITH', 'ABOUT'],
]);

/**
 * A topic's words as a story spells them: letters and digits (an accented letter as its plain
 * letter: café is CAFE), joining words left out, at most TOPIC_MAX_LETTERS in all; a word that
 * would go over (or is longer than that alone) is left out (`left`) and the next ones still tried.
 * `shown`: the words as typed (a name keeps its capital). "ice cream" is ICE and CREAM: before
 * 2026-11-28 the words were glued into one, and the learner was taught to spell ICECREAM; "my
 * grandmother loves knitting" was MY alone, and a long word was cut to a made-up one.
 */
export function topicSpelling(topic: string): { words: string[]; shown: string[]; left: string[] } {
  const out: string[] = [];
  const shown: string[] = [];
  const left: string[] = [];
  let letters = 0;
  for (const typed of topic
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[A-Za-z0-9]+/g) ?? []) {
    const word = typed.toUpperCase();
    if (JOINING_WORDS.has(word)) continue;
    if (letters + word.length > TOPIC_MAX_LETTERS) {
      left.push(typed);
      continue;
    }
    out.push(word);
    shown.push(typed);
    letters += word.length;
  }
  return letters >= 2 ? { words: out, shown, left } : { words: [], shown: [], left };
}

/** A topic's words as a story spells them (topicSpelling). */
export const topicWords = (topic: string): string[] => topicSpelling(topic).words;

/** Why a topic of only too-long words makes no story (undefined: not that, the usual message). */
export function topicTooLong(topic: string): string | undefined {
  const { words: spelled, left } = topicSpelling(topic);
  return !spelled.length && left.length
    ? `A topic's words are at most ${TOPIC_MAX_LETTERS} letters together, and ${left[0]} is longer. Try a shorter word.`
    : undefined;
}

/** What a made topic story says it left out, or null ("A topic's words are at most 12 letters together, ..."). */
export function topicNote(topic: string): string | null {
  const { words: spelled, left } = topicSpelling(topic);
  if (!left.length || !spelled.length) return null;
  const list = left.length === 1 ? left[0]! : `${left.slice(0, -1).join(', ')} and ${left.at(-1)!}`;
  return `A topic's words are at most ${TOPIC_MAX_LETTERS} letters together, so this story leaves out ${list}.`;
}

/** A new story about a topic, built from library sentences that mention it, plus the words themselves. */
export function assembleForTopic(topic: string, library: Story[]): Story | null {
  const { words: targets, shown } = topicSpelling(topic);
  if (targets.length === 0) return null;
  // lower case, but a name after the first word keeps its capital ("my dog Max"; "Ice Cream", every
  // word capitalised, is a title: lower case)
  const titleCase = shown.every((w) => /^[A-Z]/.test(w));
  const phrase = shown.map((w, i) => (!titleCase && i > 0 && /^[A-Z][a-z]/.test(w) ? w : w.toLowerCase())).join(' ');
  const related = library
    .flatMap((s) => s.sentences)
    .filter((s) => targets.every((w) => words(s.text).includes(w) || s.targets.includes(w)))
    .slice(0, 3);
  const sentences = [
    { text: `Today we learn to spell ${phrase}.`, targets },
    ...related,
    { text: `Now you can sign ${phrase} to a friend!`, targets },
  ];
  const longest = Math.max(...targets.map((w) => w.length));
  // a number is Level 4's ("Words and numbers")
  const level = targets.some((w) => /\d/.test(w)) ? 4 : longest <= 3 ? 1 : longest <= 4 ? 2 : 3;
  const title = `All about ${phrase[0]!.toUpperCase()}${phrase.slice(1)}`;
  return {
    id: `topic-${targets.join('-').toLowerCase()}`,
    level,
    title,
    summary: `A short story about ${phrase}.`,
    tags: ['topic'],
    sentences,
  };
}

/**
 * The next story: at the learner's level, favouring their weakest letters. The level comes first
 * (a story one level away, up or down, only when every one at theirs was practised lately, and
 * further only when no nearer one is left); among stories as near, the one that practises the
 * weak letters most, by share of its letters (a long story is not a better fit for being long).
 * Before, every weak letter counted more than a level: a Level 1 learner weak at S was sent to a
 * Level 3 story of 57 letters with many S.
 */
export function suggestStory(library: Story[], weakest: string[], level = 1, recent: string[] = []): Story | null {
  let best: { story: Story; distance: number; fit: number } | null = null;
  for (const story of library) {
    if (story.tags.includes('topic')) continue;
    const letters = story.sentences.flatMap((s) => s.targets.join('').split(''));
    const fit = letters.length ? letters.filter((l) => weakest.includes(l)).length / letters.length : 0;
    // practised lately: as far as a story one level away (and still before those two away)
    const distance = Math.abs(story.level - level) + (recent.includes(story.id) ? 1.5 : 0);
    if (!best || distance < best.distance || (distance === best.distance && fit > best.fit)) {
      best = { story, distance, fit };
    }
  }
  return best?.story ?? null;
}

/** Longest practice word at each level (level 1: three letters). */
const DRILL_WORD_LENGTH: Record<number, number> = { 1: 3, 2: 4, 3: 6, 4: 8 };

/**
 * A short drill of the learner's weakest letters at their level: for each letter (at most
 * DRILL_MAX_LETTERS, in the order given), the letter alone, then up to two words with it from the
 * library's stories at or below that level. Tagged 'topic' so the story list leaves it out, like
 * assembled topic stories.
 */
export function drillForLetters(weakest: string[], level: number, library: Story[]): Story | null {
  const letters = [...new Set(weakest.filter((l) => /^[A-Z0-9]$/.test(l)))].slice(0, DRILL_MAX_LETTERS);
  if (letters.length === 0) return null;
  const maxLen = DRILL_WORD_LENGTH[level] ?? 4;
  const known = [
    ...new Set(
      library
        .filter((s) => s.level <= level && !s.tags.includes('topic'))
        .flatMap((s) => s.sentences.flatMap((x) => x.targets)),
    ),
  ]
    .filter((w) => w.length >= 2 && w.length <= maxLen)
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  const sentences = letters.map((l) => {
    const words = known.filter((w) => w.includes(l)).slice(0, 2);
    const then = words.length ? `, then ${words.map((w) => w.toLowerCase()).join(' and ')}` : '';
    return { text: `Sign ${l}${then}.`, targets: [l, ...words] };
  });
  return {
    id: `drill-l${level}-${letters.join('').toLowerCase()}`,
    level,
    title: `Practise ${letters.join(', ')}`,
    summary: `A short drill of ${letters.join(', ')} at level ${level}.`,
    tags: ['topic', 'drill'],
    sentences,
  };
}
