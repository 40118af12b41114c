import sharp from 'sharp';
import { FrameRejected } from './frame-errors';
import type { FrameProcessor } from './frame-processor';

/**
 * Decodes and validates the JPEG for real but finds no hands. Used when the
 * recognition models are not available (RECOGNITION_WORKERS=0).
 */
export function decodeOnlyProcessor(): FrameProcessor {
  return {
    async process(jpeg) {
      // (the live socket has checked the header size against the frame limits already)
      const { info } = await sharp(jpeg, { failOn: 'error' })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .catch((err: Error) => {
          throw new FrameRejected('FRAME_NOT_JPEG', err.message);
        });
      return { hands: [], width: info.width, height: info.height, track: null, prediction: null };
    },
    async close() {},
  };
}
