import type { Story } from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import {
  assembleForTopic,
  topicNote,
  topicTooLong,
  topicWords,
  drillForLetters,
  pickForTopic,
  suggestStory,
} from './story-picker';

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
    // small words are in every story's text: no topic
    expect(pickForTopic('the', lib)).toBeNull();
    expect(pickForTopic('Hot', lib)!.id).toBe('c');
    // met only in a line's text: not that story's topic
    const kite = { ...lib[0]!, id: 'kite', title: 'Kite Day', tags: ['weather'] };
    const kiteLib = [{ ...kite, sentences: [{ text: 'Max and I fly a kite.', targets: ['KITE'] }] }];
    expect(pickForTopic('Max', kiteLib)).toBeNull(); // "Max" is spelled as its own story
    expect(pickForTopic('kite', kiteLib)!.id).toBe('kite');
  });
  it('assembles a story for an unknown topic', () => {
    const s = assembleForTopic('Moon', lib)!;
    expect(s.id).toBe('topic-moon');
    expect(s.sentences[0]!.targets).toEqual(['MOON']);
    expect(assembleForTopic('!', lib)).toBeNull();
  });
  it('spells a topic of two words as two words, never glued into one', () => {
    const s = assembleForTopic('  ice cream ', lib)!;
    expect(s).toMatchObject({
      id: 'topic-ice-cream',
      title: 'All about Ice cream',
      summary: 'A short story about ice cream.',
    });
    expect(s.sentences[0]).toEqual({ text: 'Today we learn to spell ice cream.', targets: ['ICE', 'CREAM'] });
    expect(s.sentences.at(-1)).toEqual({ text: 'Now you can sign ice cream to a friend!', targets: ['ICE', 'CREAM'] });
    // at most 12 letters: a word that would go over is left out
    expect(topicWords('farm animals of the world')).toEqual(['FARM', 'ANIMALS']);
    expect(topicWords('hot-dog')).toEqual(['HOT', 'DOG']);
    expect(topicWords('a')).toEqual([]);
    expect(topicWords('supercalifragilistic')).toEqual([]); // left out, not cut to a made-up word
    // an accented letter is its plain letter; joining words are left out; numbers are spelled
    expect(topicWords('café')).toEqual(['CAFE']);
    expect(topicWords('hot dog and fries')).toEqual(['HOT', 'DOG', 'FRIES']);
    expect(topicWords('3 cats')).toEqual(['3', 'CATS']);
    // the small words of a phrase left out, and a word too long for what is left skipped, not the end
    expect(topicWords("my grandmother's garden")).toEqual(['GRANDMOTHER']);
    expect(topicWords('my grandmother loves knitting sweaters')).toEqual(['GRANDMOTHER']);
    expect(topicWords('big grandmother cat')).toEqual(['BIG', 'CAT']);
    expect(topicNote('my grandmother loves knitting sweaters')).toBe(
      "A topic's words are at most 12 letters together, so this story leaves out loves, knitting and sweaters.",
    );
    expect(topicNote('ice cream')).toBeNull();
    expect(topicTooLong('supercalifragilistic')).toBe(
      "A topic's words are at most 12 letters together, and supercalifragilistic is longer. Try a shorter word.",
    );
    expect(topicTooLong('!!!')).toBeUndefined();
    expect(topicWords('thank you')).toEqual(['THANK', 'YOU']);
    expect(topicWords('the and of')).toEqual([]);
    // a name keeps its capital in the story's words; a title-cased topic is lower case
    expect(assembleForTopic('my dog Max', [])?.title).toBe('All about Dog Max');
    expect(assembleForTopic('Ice Cream', [])?.sentences[0]?.text).toBe('Today we learn to spell ice cream.');
    expect(assembleForTopic('2024', lib)).toMatchObject({ id: 'topic-2024', level: 4, title: 'All about 2024' });
    expect(pickForTopic('a', lib)).toBeNull();
  });
  it('suggests the story with the most weak letters', () => {
    expect(suggestStory(lib, ['S', 'U', 'N', 'H', 'O'], 1)!.id).toBe('c');
    expect(suggestStory(lib, ['R', 'A', 'I', 'N', 'W', 'E', 'T'], 2)!.id).toBe('b');
  });
  it("keeps to the learner's level: weak letters choose among stories as near, never a jump of two levels", () => {
    const long: Story = {
      id: 'long',
      level: 3,
      title: 'Saturday soccer',
      summary: '',
      tags: [],
      sentences: [{ text: 'Soccer on Saturday.', targets: ['SOCCER', 'SATURDAY', 'SEASONS'] }],
    };
    const library = [...lib, long];
    // many S in the long Level 3 story; a Level 1 learner gets a Level 1 story
    expect(suggestStory(library, ['S'], 1)!.id).toBe('c');
    // practised lately: the other Level 1 story, then one a level away, before a jump of two
    expect(suggestStory(library, ['S'], 1, ['c'])!.id).toBe('a');
    expect(suggestStory(library, ['S'], 1, ['c', 'a'])!.id).toBe('b');
    // a Level 3 learner: the Level 3 story
    expect(suggestStory(library, ['S'], 3)!.id).toBe('long');
  });
});

describe('drillForLetters', () => {
  const library: Story[] = [
    ...lib,
    {
      id: 'd',
      level: 3,
      title: 'Long',
      summary: '',
      tags: [],
      sentences: [{ text: 'A theatre.', targets: ['THEATRE', 'ATE'] }],
    },
  ];
  it('builds a short drill of the weak letters at the learner level, with words no longer than the level allows', () => {
    const d = drillForLetters(['T', 'A', 'R', 'E', 'X'], 1, library)!;
    expect(d).toMatchObject({ id: 'drill-l1-tar', level: 1, title: 'Practise T, A, R' });
    expect(d.tags).toContain('topic');
    expect(d.sentences.map((s) => s.targets)).toEqual([['T', 'CAT', 'HOT'], ['A', 'CAT'], ['R']]);
    expect(d.sentences[0]!.text).toBe('Sign T, then cat and hot.');
    // level 2 reaches level-2 words of four letters, never the level-3 story's
    const d2 = drillForLetters(['R'], 2, library)!;
    expect(d2.sentences[0]!.targets).toEqual(['R', 'RAIN']);
  });
  it('is null without weak letters', () => {
    expect(drillForLetters([], 1, library)).toBeNull();
  });
});
