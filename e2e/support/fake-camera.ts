import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { test } from './fixtures';
import { buildY4m, fakeCameraLaunchOptions, PHOTOS_DIR, type MovingPhoto } from './y4m';

/**
 * In a fake camera's photo list: a frame with no hand, the room's wall as a learner's camera sees
 * it while the hands are down (the plain wall in the corner of an ASL-HG phone photo, P10's B,
 * CC BY 4.0, enlarged; the bench's `--away` frames are the same wall). Not black: a black frame
 * is a dark room, for which the practice card says something else.
 */
export const NO_HAND = null;
const WALL = { photo: 'aslhg/B/P10_B_908.jpg', region: { left: 0, top: 0, width: 80, height: 60 } };

/**
 * C, A, T signed in real photos (Massey, segmented on black) that the recogniser reads surely
 * through the browser's capture (640x480 -> 320x240 JPEG): "CAT", the first word of My Cat.
 */
export const SIGNED_CAT = [
  'massey/asl_dataset/c/hand2_c_top_seg_1_cropped.jpeg',
  'massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg',
  'massey/asl_dataset/t/hand1_t_dif_seg_2_cropped.jpeg',
] as const;

export interface FakeCameraOptions {
  fps?: number;
  /** how many frames each photo is shown for */
  framesPerPhoto?: number;
}

/**
 * The whole file's browser gets a fake webcam playing `photos` in a loop (paths under the shared
 * photos folder, or NO_HAND, or a photo moving over black), letterboxed on black at 640x480; the video is removed after the
 * file's tests. Call at the top level of a test file (launch options are per worker).
 */
export async function useFakeCamera(photos: Array<string | MovingPhoto | null>, opts: FakeCameraOptions = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'asl-e2e-camera-'));
  // Playwright also loads the file in its runner process to list the tests, where no afterAll
  // runs: without this, each run left a video of 20-80 MB in the temporary folder.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const blank = join(dir, 'no-hand.jpeg');
  if (photos.includes(NO_HAND))
    await sharp(join(PHOTOS_DIR, WALL.photo)).extract(WALL.region).resize(640, 480).jpeg().toFile(blank);
  const video = await buildY4m({
    photos: photos.map((p) => p ?? blank),
    out: join(dir, 'camera.y4m'),
    fps: opts.fps,
    framesPerPhoto: opts.framesPerPhoto,
  });
  test.use({ launchOptions: fakeCameraLaunchOptions(video.path, CHROMIUM_PATH, CHROMIUM_ARGS) });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return video;
}
