/**
 * `npm run recognize` end to end, with the real models and real photos: the served landmark
 * model by default, `sure` on every line, a command line far beyond the ~28 KB at which
 * onnxruntime-node crashes (SIGSEGV) when it creates a session, and --files-from; landmark
 * sequences (--landmarks) from standard input.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const photos = join(process.env.ASL_SHARED_DIR!, 'data/photos/massey/asl_dataset');
const realA = join(photos, 'a/hand1_a_bot_seg_1_cropped.jpeg');
const realFive = join(photos, '5/hand1_5_bot_seg_1_cropped.jpeg');

function run(
  args: string[],
  stdin = '',
): Promise<{ code: number | null; signal: string | null; lines: Record<string, unknown>[]; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/recognition/recognize.ts', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) =>
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        err,
        lines: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    ),
  );
}

describe('npm run recognize', () => {
  it('reads every file of a 60 KB command line, with `sure` on each line', async () => {
    const missing = Array.from({ length: 900 }, (_, i) => join('/nonexistent', 'x'.repeat(50), `photo-${i}.jpg`));
    const args = ['--classes', 'letters', realA, ...missing, realFive];
    expect(args.join(' ').length).toBeGreaterThan(60_000);
    const r = await run(args);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(902);
    for (const l of r.lines) expect(typeof l.sure).toBe('boolean');
    const a = r.lines.find((l) => l.file === realA)!;
    expect(a).toMatchObject({ hand: true, label: 'A' });
    expect(r.lines.filter((l) => l.code === 'FILE_NOT_FOUND' && l.error === 'no such file')).toHaveLength(900);
  });

  it('gives each file it cannot use a coded error and reads the others; an unreadable list stops with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recognize-bad-'));
    try {
      const empty = join(dir, 'empty.jpg');
      const text = join(dir, 'notes.jpg');
      const cut = join(dir, 'cut.jpg');
      writeFileSync(empty, '');
      writeFileSync(text, 'not a picture');
      writeFileSync(cut, readFileSync(realA).subarray(0, 2000)); // a real JPEG cut short
      const r = await run(['--one-reading', empty, text, realA, cut, join(dir, 'gone.jpg')]);
      expect(r.code).toBe(0);
      expect(r.lines.map((l) => [l.file, l.code ?? l.label])).toEqual([
        [empty, 'IMAGE_EMPTY'],
        [text, 'IMAGE_UNREADABLE'],
        [realA, 'A'],
        [cut, 'IMAGE_UNREADABLE'],
        [join(dir, 'gone.jpg'), 'FILE_NOT_FOUND'],
      ]);
      expect(r.lines[3]!.error).toMatch(/^not a readable image: .*JPEG/i);
      // a file named on its own is read whatever its name; in a folder, only files named as images
      const unnamed = join(dir, 'camera-photo');
      writeFileSync(unnamed, readFileSync(realA));
      const named = await run(['--one-reading', unnamed, dir]);
      expect(named.lines.map((l) => [l.file, l.code ?? l.label])).toEqual([
        [unnamed, 'A'],
        [unnamed, 'NOT_AN_IMAGE_FILE'],
        [cut, 'IMAGE_UNREADABLE'],
        [empty, 'IMAGE_EMPTY'],
        [text, 'IMAGE_UNREADABLE'],
      ]);
      const list = await run(['--files-from', join(dir, 'no-list.txt')]);
      expect(list.code).toBe(2);
      expect(list.lines).toEqual([]);
      expect(list.err).toContain('no-list.txt: no such file (FILE_NOT_FOUND)');
      const seqs = await run(['--landmarks', join(dir, 'no-seqs.jsonl')]);
      expect(seqs.code).toBe(2);
      expect(seqs.err).toContain('no-seqs.jsonl: no such file (FILE_NOT_FOUND)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a phone's full-resolution photo (24 megapixels), its hand in the photo's own pixels", async () => {
    // the real A photo enlarged to an iPhone's default 5712x4284 (grey at the sides), turned a quarter
    // in its pixels with EXIF orientation 6 as phones store it: more than the 16 MP decoded
    const dir = mkdtempSync(join(tmpdir(), 'recognize-phone-'));
    try {
      const phone = join(dir, 'phone.jpg');
      const side = 4284;
      const pad = (5712 - side) / 2;
      const upright = await sharp(realA)
        .resize(side, side)
        .extend({ left: pad, right: pad, background: '#777' })
        .jpeg({ quality: 90 })
        .toBuffer();
      await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toFile(phone);
      const r = await run(['--one-reading', realA, phone]);
      expect(r.code).toBe(0);
      const [small, big] = r.lines as Array<{ label: string; landmarks: number[][] }>;
      expect(big).toMatchObject({ file: phone, hand: true, label: 'A' });
      const { width } = await sharp(realA).metadata();
      const f = side / width!;
      // the same hand, in the 5712x4284 photo's pixels: within 1.5% of the photo's height
      big.landmarks.forEach(([x, y], i) => {
        expect(Math.abs(x! - (small.landmarks[i]![0]! * f + pad))).toBeLessThan(0.015 * side);
        expect(Math.abs(y! - small.landmarks[i]![1]! * f)).toBeLessThan(0.015 * side);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes the files from standard input with --files-from -', async () => {
    const r = await run(['--classes', 'digits', '--files-from', '-'], `${realFive}\n\n${realA}\n`);
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => l.file)).toEqual([realFive, realA]);
    expect(r.lines[0]).toMatchObject({ hand: true, label: '5' });
    expect(typeof r.lines[0].sure).toBe('boolean');
  });

  it('reads landmark sequences from standard input as letters unless --classes says otherwise', async () => {
    // one ASLNow participant's D (MIT; landmarks/aslnow), held for half a second at 30 fps: its
    // thumb is tucked like a 1's, so among all classes it is read as the digit 1
    const csv = readFileSync(join(process.env.ASL_SHARED_DIR!, 'data/landmarks/aslnow/aslnow.csv'), 'utf8');
    const row = csv.split(/\r?\n/).find((l) => l.startsWith('D,4b1133f2-afd2-4cdb-8685-a1a94c7bd786,'))!;
    const v = row.split(',').slice(2).map(Number);
    const frame = Array.from({ length: 21 }, (_, k) => [v[3 * k], v[3 * k + 1], v[3 * k + 2]]);
    const seq = { id: 'held D', fps: 30, width: 640, height: 480, frames: Array(15).fill(frame) };
    const input = `${JSON.stringify(seq)}\n{"id": "broken"\n`;
    const letters = await run(['--landmarks', '-'], input);
    expect(letters.code).toBe(0);
    expect(letters.lines).toEqual([
      { id: 'held D', label: 'D', confidence: expect.any(Number), sure: expect.any(Boolean) },
      { id: 'line 2', label: null, confidence: 0, sure: false, code: 'LINE_NOT_JSON', error: 'not valid JSON' },
    ]);
    const digits = await run(['--classes', 'digits', '--landmarks', '-'], input);
    expect(digits.lines[0].label).toMatch(/^[0-9]$/);
  });
});
