/**
 * How much light the camera's picture has, for saying "it's too dark" instead of only "I can't
 * see your hand" when the hand is lost in the dark.
 *
 * Measured (`npm run eval:light`): the 240 letter photos of ASL-HG's validation signer P10 (never
 * trained on; phones in ordinary rooms), made 320x240 webcam frames, darkened and given sensor
 * noise, then read as live practice reads a held sign. The hand is found in all of them at a mean
 * frame light of 0.28 (of white), in 88% at 0.16, 67% at 0.12 and 55% at 0.095; a hand that is
 * found is read about as well as in full light (95-99%). Those photos have bright walls behind the
 * hand (0.79 in full light, the hand 0.32), so in a dark room, with a dark wall too, the hand is
 * lost at a lower frame light than this: "too dark" below 0.15 is said only when the hand is truly
 * hard to find.
 */

/** Below this mean light (0..1 of white) the picture is too dark. */
export const TOO_DARK_BELOW = 0.15;
/** Once too dark, the picture must reach this before it is not (no flicker around the line). */
export const LIGHT_ENOUGH_ABOVE = 0.18;

/** Mean light (Rec. 601 luma, 0..1) of RGBA pixels. */
export function meanLight(rgba: ArrayLike<number>): number {
  let sum = 0;
  const n = Math.floor(rgba.length / 4);
  for (let i = 0; i < n * 4; i += 4) sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
  return n ? sum / n / 255 : 1;
}

/** Too dark now, given the light and whether it was too dark at the last look. */
export function tooDark(light: number, wasTooDark: boolean): boolean {
  return wasTooDark ? light <= LIGHT_ENOUGH_ABOVE : light < TOO_DARK_BELOW;
}
