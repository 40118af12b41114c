import { describe, expect, it } from 'vitest';
import { parseFileList, parseRecognizeArgs, USAGE } from './args.js';
import { argvBytes, childArgs, SAFE_ARGV_BYTES } from './respawn.js';

describe('recognize command line', () => {
  it('defaults to the served landmark model and all classes', () => {
    expect(parseRecognizeArgs(['a.jpg'], 'full-int8')).toEqual({
      classes: 'all',
      variant: 'full-int8',
      inputs: ['a.jpg'],
      filesFrom: null,
      landmarks: null,
      oneReading: false,
    });
    expect(parseRecognizeArgs(['--one-reading', 'a.jpg'], 'full-int8')).toMatchObject({ oneReading: true });
  });

  it('reads landmark sequences as letters unless --classes says otherwise ("landmark sequences in, letters out")', () => {
    expect(parseRecognizeArgs(['--landmarks', 's.jsonl'], 'full-int8')).toMatchObject({
      landmarks: 's.jsonl',
      classes: 'letters',
    });
    expect(parseRecognizeArgs(['--classes', 'all', '--landmarks', '-'], 'full-int8')).toMatchObject({ classes: 'all' });
    expect(parseRecognizeArgs(['--landmarks', '-', '--classes', 'digits'], 'full-int8')).toMatchObject({
      classes: 'digits',
    });
  });

  it('reads options anywhere, files after --, and a list file', () => {
    const r = parseRecognizeArgs(
      ['x', '--classes', 'letters', '--files-from', '-', '--variant', 'full', '--', '--odd-name.jpg'],
      'full-int8',
    );
    expect(r).toMatchObject({
      classes: 'letters',
      variant: 'full',
      inputs: ['x', '--odd-name.jpg'],
      filesFrom: '-',
    });
    expect(parseRecognizeArgs(['--files-from', 'list.txt'], 'full-int8')).toMatchObject({ filesFrom: 'list.txt' });
  });

  it('refuses unknown options, bad values, and nothing to do', () => {
    expect(parseRecognizeArgs(['--classes', 'words', 'a.jpg'], 'full-int8')).toMatch(/--classes must be/);
    expect(parseRecognizeArgs(['--fast', 'a.jpg'], 'full-int8')).toMatch(/unknown option --fast/);
    expect(parseRecognizeArgs(['--files-from'], 'full-int8')).toMatch(/needs a value/);
    expect(parseRecognizeArgs([], 'full-int8')).toBe(USAGE);
    expect(parseRecognizeArgs(['--landmarks', 's.jsonl', 'a.jpg'], 'full-int8')).toMatch(/takes no image files/);
  });

  it('splits a file list by lines, ignoring blanks and surrounding spaces', () => {
    expect(parseFileList('a.jpg\r\n\n  b c.png  \n')).toEqual(['a.jpg', 'b c.png']);
  });

  it('measures the command line in bytes and hands the files to the child through stdin', () => {
    expect(argvBytes(['ab', 'é'])).toBe(3 + 3);
    expect(SAFE_ARGV_BYTES).toBeLessThan(28_000);
    expect(childArgs({ classes: 'letters', variant: 'full-int8' })).toEqual([
      '--classes',
      'letters',
      '--variant',
      'full-int8',
      '--files-from',
      '-',
    ]);
  });
});
