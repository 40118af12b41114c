import type { Story } from '@asl/protocol';

const words = (s: string): string[] => s.toUpperCase().match(/[A-Z0-9]+/g) ?? [];

/** The library story that fits a topic word best (tag, then title and text), or null. */
export function pickForTopic(topic: string, library: Story[]): Story | null {
  const t = topic.trim().toLowerCase();
  if (!t) return null;
  let best: { story: Story; score: number } | null = null;
  for (const story of library) {
    let score = 0;
    if (story.tags.includes(t)) score += 5;
    if (story.title.toLowerCase().includes(t)) score += 3;
    for (const s of story.sentences) {
      if (s.targets.includes(t.toUpperCase())) score += 2;
      if (words(s.text).includes(t.toUpperCase())) score += 1;
    }
    if (score > 0 && (!best || score > best.score || (score === best.score && story.level < best.story.level))) {
      best = { story, score };
    }
  }
  return best?.story ?? null;
}

/** A new story about a topic, built from library sentences that mention it, plus the word itself. */
export function assembleForTopic(topic: string, library: Story[]): Story | null {
  const word = topic
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 12);
  if (word.length < 2) return null;
  const related = library
    .flatMap((s) => s.sentences)
    .filter((s) => words(s.text).includes(word) || s.targets.includes(word))
    .slice(0, 3);
  const sentences = [
    { text: `Today we learn to spell ${word.toLowerCase()}.`, targets: [word] },
    ...related,
    { text: `Now you can sign ${word.toLowerCase()} to a friend!`, targets: [word] },
  ];
  const level = word.length <= 3 ? 1 : word.length <= 4 ? 2 : 3;
  const title = `All about ${word[0]}${word.slice(1).toLowerCase()}`;
  return {
    id: `topic-${word.toLowerCase()}`,
    level,
    title,
    summary: `A short story about ${word.toLowerCase()}.`,
    tags: ['topic'],
    sentences,
  };
}

/** The story that practises the learner's weakest letters most, preferring their level. */
export function suggestStory(library: Story[], weakest: string[], level = 1, recent: string[] = []): Story | null {
  let best: { story: Story; score: number } | null = null;
  for (const story of library) {
    if (story.tags.includes('topic')) continue;
    const letters = story.sentences.flatMap((s) => s.targets.join('').split(''));
    const weakHits = letters.filter((l) => weakest.includes(l)).length;
    const score = weakHits * 3 - Math.abs(story.level - level) * 2 - (recent.includes(story.id) ? 4 : 0);
    if (!best || score > best.score) best = { story, score };
  }
  return best?.story ?? null;
}
