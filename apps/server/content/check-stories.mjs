#!/usr/bin/env node
// Validates the fingerspelling story library in ./stories (plain Node, no dependencies).
//
//   node apps/server/content/check-stories.mjs [storiesDir]
//
// Prints every violation found and exits 1 if there is any; exits 0 otherwise.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const STORIES_DIR = resolve(process.argv[2] ?? join(here, 'stories'));

const STORIES_PER_LEVEL = 7;
const LEVELS = {
  1: { name: 'First letters', sentences: [3, 4], letters: [2, 3], numbers: false },
  2: { name: 'Short words', sentences: [4, 5], letters: [3, 4], numbers: false },
  3: { name: 'Longer words', sentences: [4, 6], letters: [5, 8], numbers: false },
  4: { name: 'Words and numbers', sentences: [5, 6], letters: [5, 8], numbers: true },
};
const TAGS = new Set([
  'animals',
  'food',
  'family',
  'school',
  'weather',
  'sports',
  'travel',
  'music',
  'nature',
  'city',
  'feelings',
  'space',
  'sea',
  'holidays',
  'friends',
  'home',
  'colors',
  'numbers',
  'deaf-culture',
]);
const STORY_KEYS = ['id', 'level', 'title', 'summary', 'tags', 'sentences'];
const SENTENCE_KEYS = ['text', 'targets'];
const ID_RE = /^l[1-4](-[a-z0-9]+)+$/;
const LETTERS_RE = /^[A-Z]+$/;
const DIGITS_RE = /^[0-9]+$/;

const errors = [];
const fail = (where, msg) => errors.push(`${where}: ${msg}`);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isText = (v) => typeof v === 'string' && v.trim() !== '' && v === v.trim();
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sameKeys = (obj, keys) => Object.keys(obj).length === keys.length && keys.every((k) => Object.hasOwn(obj, k));

// A target must occur in the text as a whole word: not preceded or followed by a letter or digit.
function containsWholeWord(text, target) {
  return new RegExp(`(?<![A-Za-z0-9])${escapeRe(target)}(?![A-Za-z0-9])`, 'i').test(text);
}

function checkFormatting(file, raw) {
  if (raw.charCodeAt(0) === 0xfeff) fail(file, 'file starts with a byte-order mark (BOM)');
  if (!raw.endsWith('\n')) fail(file, 'file does not end with a newline');
  const bad = { tabs: [], odd: [], trailing: [] };
  raw.split('\n').forEach((line, i) => {
    const indent = line.match(/^[ \t]*/)[0];
    if (indent.includes('\t')) bad.tabs.push(i + 1);
    else if (indent.length % 2 !== 0) bad.odd.push(i + 1);
    if (/[ \t]+$/.test(line)) bad.trailing.push(i + 1);
  });
  const lines = (a) => `line${a.length > 1 ? 's' : ''} ${a.slice(0, 5).join(', ')}${a.length > 5 ? ', ...' : ''}`;
  if (bad.tabs.length) fail(file, `indentation uses tabs, expected 2 spaces (${lines(bad.tabs)})`);
  if (bad.odd.length) fail(file, `indentation is not a multiple of 2 spaces (${lines(bad.odd)})`);
  if (bad.trailing.length) fail(file, `trailing whitespace (${lines(bad.trailing)})`);
}

function checkSentence(where, s, level, stats) {
  if (!isObj(s)) return fail(where, 'sentence must be an object');
  if (!sameKeys(s, SENTENCE_KEYS))
    fail(
      where,
      `sentence keys must be exactly ${JSON.stringify(SENTENCE_KEYS)}, got ${JSON.stringify(Object.keys(s))}`,
    );
  if (!isText(s.text)) fail(where, '"text" must be a non-empty string without surrounding spaces');
  if (!Array.isArray(s.targets)) return fail(where, '"targets" must be an array');
  if (s.targets.length < 1 || s.targets.length > 2) fail(where, `needs 1-2 targets, has ${s.targets.length}`);
  if (new Set(s.targets).size !== s.targets.length) fail(where, `duplicate targets ${JSON.stringify(s.targets)}`);

  const rule = LEVELS[level];
  for (const t of s.targets) {
    if (typeof t !== 'string') {
      fail(where, `target ${JSON.stringify(t)} is not a string`);
      continue;
    }
    const isWord = LETTERS_RE.test(t);
    const isNumber = DIGITS_RE.test(t);
    if (!isWord && !isNumber) {
      fail(where, `target "${t}" must be only UPPERCASE letters A-Z or only digits 0-9`);
      continue;
    }
    if (typeof s.text === 'string' && !containsWholeWord(s.text, t)) {
      fail(where, `target "${t}" does not appear as a whole word in "${s.text}"`);
    }
    if (!rule) continue;
    if (isWord) {
      const [min, max] = rule.letters;
      if (t.length < min || t.length > max) {
        fail(where, `level ${level} word targets must have ${min}-${max} letters; "${t}" has ${t.length}`);
      }
      for (const ch of t) stats.letters.add(ch);
      stats.wordTargets++;
    } else {
      if (!rule.numbers) fail(where, `number target "${t}" is only allowed in level 4`);
      else for (const ch of t) stats.digits.add(ch);
      stats.numberTargets++;
    }
  }
}

function checkStory(file, story, perLevel, titles) {
  const stats = { letters: new Set(), digits: new Set(), wordTargets: 0, numberTargets: 0 };
  if (!isObj(story)) {
    fail(file, 'top level must be a JSON object');
    return stats;
  }
  if (!sameKeys(story, STORY_KEYS))
    fail(file, `keys must be exactly ${JSON.stringify(STORY_KEYS)}, got ${JSON.stringify(Object.keys(story))}`);

  const expectedId = basename(file, '.json');
  if (typeof story.id !== 'string') fail(file, '"id" must be a string');
  else {
    if (story.id !== expectedId) fail(file, `id "${story.id}" does not match file name "${expectedId}"`);
    if (!ID_RE.test(story.id)) fail(file, `id "${story.id}" must be a lowercase slug like "l1-my-cat"`);
    else if (Number.isInteger(story.level) && !story.id.startsWith(`l${story.level}-`)) {
      fail(file, `id "${story.id}" should start with "l${story.level}-" to match its level`);
    }
  }

  const level = story.level;
  if (!Number.isInteger(level) || !LEVELS[level])
    fail(file, `"level" must be an integer 1-4, got ${JSON.stringify(level)}`);
  else perLevel[level].push(expectedId);

  if (!isText(story.title)) fail(file, '"title" must be a non-empty string without surrounding spaces');
  else {
    const key = story.title.toLowerCase();
    if (titles.has(key)) fail(file, `title "${story.title}" is also used by ${titles.get(key)}`);
    else titles.set(key, file);
  }

  if (!isText(story.summary)) fail(file, '"summary" must be a non-empty string without surrounding spaces');
  else if (!/[.!?]$/.test(story.summary)) fail(file, '"summary" should be one sentence ending in . ! or ?');

  if (!Array.isArray(story.tags)) fail(file, '"tags" must be an array');
  else {
    if (story.tags.length < 1 || story.tags.length > 3) fail(file, `needs 1-3 tags, has ${story.tags.length}`);
    if (new Set(story.tags).size !== story.tags.length) fail(file, `duplicate tags ${JSON.stringify(story.tags)}`);
    for (const tag of story.tags) {
      if (!TAGS.has(tag)) fail(file, `unknown tag ${JSON.stringify(tag)} (allowed: ${[...TAGS].join(', ')})`);
    }
  }

  if (!Array.isArray(story.sentences)) {
    fail(file, '"sentences" must be an array');
    return stats;
  }
  const rule = LEVELS[level];
  if (rule) {
    const [min, max] = rule.sentences;
    const n = story.sentences.length;
    if (n < min || n > max) fail(file, `level ${level} stories need ${min}-${max} sentences, has ${n}`);
  }
  story.sentences.forEach((s, i) => checkSentence(`${file} sentence ${i + 1}`, s, level, stats));

  if (rule?.numbers) {
    if (stats.numberTargets === 0) fail(file, 'level 4 stories must include at least one number target');
    if (stats.wordTargets === 0) fail(file, 'level 4 stories must include at least one word target');
  }
  return stats;
}

function main() {
  let names;
  try {
    if (!statSync(STORIES_DIR).isDirectory()) throw new Error('not a directory');
    names = readdirSync(STORIES_DIR).sort();
  } catch (e) {
    console.error(`check-stories: cannot read stories folder ${STORIES_DIR}: ${e.message}`);
    process.exit(1);
  }

  const perLevel = { 1: [], 2: [], 3: [], 4: [] };
  const titles = new Map();
  const letters = new Set();
  const digits = new Set();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files = names.filter((n) => n.endsWith('.json'));
  for (const n of names) if (!n.endsWith('.json')) fail(n, 'unexpected non-JSON file in the stories folder');

  for (const file of files) {
    let raw;
    try {
      raw = decoder.decode(readFileSync(join(STORIES_DIR, file)));
    } catch {
      fail(file, 'file is not valid UTF-8');
      continue;
    }
    let story;
    try {
      story = JSON.parse(raw);
    } catch (e) {
      fail(file, `invalid JSON: ${e.message}`);
      continue;
    }
    checkFormatting(file, raw);
    const stats = checkStory(file, story, perLevel, titles);
    stats.letters.forEach((c) => letters.add(c));
    stats.digits.forEach((c) => digits.add(c));
  }

  for (const level of Object.keys(LEVELS)) {
    const n = perLevel[level].length;
    if (n !== STORIES_PER_LEVEL)
      fail('library', `level ${level} has ${n} stories, expected exactly ${STORIES_PER_LEVEL}`);
  }
  const missingLetters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => !letters.has(c));
  if (missingLetters.length) fail('library', `letters never used in any target: ${missingLetters.join(' ')}`);
  const missingDigits = [...'0123456789'].filter((c) => !digits.has(c));
  if (missingDigits.length) fail('library', `digits never used in a level 4 number target: ${missingDigits.join(' ')}`);

  if (errors.length) {
    console.error(`check-stories: ${errors.length} problem(s) in ${STORIES_DIR}`);
    for (const e of errors) console.error(`  - ${e}`);
    process.exit(1);
  }
  const counts = Object.keys(LEVELS)
    .map((l) => `L${l}=${perLevel[l].length}`)
    .join(' ');
  console.log(
    `check-stories: OK - ${files.length} stories (${counts}); letters A-Z covered; digits 0-9 covered in level 4`,
  );
}

main();
