/** Builds 320x240 JPEG "video" frames from real photos (used by the benchmark). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export interface FrameSeq {
  name: string;
  frames: Buffer[];
}

/** one sequence per photo: the hand drifts a few pixels per frame, as in a webcam stream */
export async function buildSequences(dataDir: string, count: number, framesPerSeq: number): Promise<FrameSeq[]> {
  const pick = async (set: string, n: number): Promise<string[]> => {
    const lines = (await readFile(path.join(dataDir, set, 'manifest.csv'), 'utf8')).trim().split('\n').slice(1);
    const step = Math.max(1, Math.floor(lines.length / n));
    return lines
      .filter((_, i) => i % step === 0)
      .slice(0, n)
      .map((l) => path.join(dataDir, set, l.split(',')[0]));
  };
  const files = [...(await pick('massey', Math.ceil(count / 2))), ...(await pick('digits', Math.floor(count / 2)))];
  const out: FrameSeq[] = [];
  for (const f of files) {
    const massey = f.includes('massey');
    const size = massey ? 220 : 180;
    const bg = massey ? { r: 0, g: 0, b: 0 } : { r: 235, g: 235, b: 235 };
    const hand = await sharp(f).resize(size, size).toBuffer();
    const frames: Buffer[] = [];
    for (let k = 0; k < framesPerSeq; k++) {
      const left = Math.round(40 + 30 * Math.sin(k / 4));
      const top = Math.round((240 - size) / 2 + 8 * Math.cos(k / 3));
      frames.push(
        await sharp({ create: { width: 320, height: 240, channels: 3, background: bg } })
          .composite([{ input: hand, left, top: Math.max(0, top) }])
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
    }
    out.push({ name: path.basename(f), frames });
  }
  return out;
}
