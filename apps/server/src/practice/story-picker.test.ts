import type { Story } from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import { assembleForTopic, pickForTopic, suggestStory } from './story-picker';

const lib: Story[] = [
  {
    id: 'a',
    level: 1,
    title: 'My Cat',
    summary: '',
    tags: ['animals'],
    sentences: [{ text: 'I see a cat.', targets: ['CAT'] }],
  },
  {
    id: 'b',
    level: 2,
    title: 'Rain',
    summary: '',
    tags: ['weather'],
    sentences: [{ text: 'The rain is wet.', targets: ['RAIN', 'WET'] }],
  },
  {
    id: 'c',
    level: 1,
    title: 'Sun',
    summary: '',
    tags: ['weather'],
    sentences: [{ text: 'Hot sun.', targets: ['SUN', 'HOT'] }],
  },
];

describe('story picker', () => {
  it('picks by tag, title or words', () => {
    expect(pickForTopic('weather', lib)!.id).toBe('c');
    expect(pickForTopic('rain', lib)!.id).toBe('b');
    expect(pickForTopic('cat', lib)!.id).toBe('a');
    expect(pickForTopic('space', lib)).toBeNull();
  });
  it('assembles a story for an unknown topic', () => {
    const s = assembleForTopic('Moon', lib)!;
    expect(s.id).toBe('topic-moon');
    expect(s.sentences[0]!.targets).toEqual(['MOON']);
    expect(assembleForTopic('!', lib)).toBeNull();
  });
  it('suggests the story with the most weak letters', () => {
    expect(suggestStory(lib, ['S', 'U', 'N', 'H', 'O'], 1)!.id).toBe('c');
    expect(suggestStory(lib, ['R', 'A', 'I', 'N', 'W', 'E', 'T'], 2)!.id).toBe('b');
  });
});
