/** Shared types of the hand-landmark pipeline. All coordinates are in image pixels. */
export interface RgbImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  /**
   * bytes per pixel: 3 (RGB, the default) or 4 (RGBA as decoders and canvases give it; the alpha
   * byte is ignored), so that a decoded frame is read where it is, without a copy to RGB
   */
  channels?: 3 | 4;
}
export type Point3 = [number, number, number];
export type Point2 = [number, number];

/** rotated square/rect in image pixels; rotation in radians (clockwise on screen, y down) */
export interface Rect {
  cx: number;
  cy: number;
  w: number;
  h: number;
  rotation: number;
}

export interface PalmDetection {
  score: number;
  /** axis-aligned box in image pixels */
  box: { x: number; y: number; w: number; h: number };
  /** 7 palm keypoints: wrist, index MCP, middle MCP, ring MCP, pinky MCP, thumb CMC, thumb MCP */
  keypoints: Point2[];
}

export interface Hand {
  /** 21 MediaPipe landmarks, x,y in image pixels, z in the same pixel scale (relative depth, wrist ~0) */
  landmarks: Point3[];
  /** MediaPipe's label (trained on mirrored/selfie images); see pipeline option `mirrored` */
  handedness: 'left' | 'right';
  handednessScore: number;
  /** hand-presence score of the landmark model (0..1) */
  score: number;
  /** axis-aligned bounding box of the landmarks, image pixels */
  box: { x: number; y: number; w: number; h: number };
  /** rotated crop the landmark model saw */
  rect: Rect;
  /** palm detector score when this hand came from a fresh detection */
  palmScore?: number;
}

export interface TrackState {
  width: number;
  height: number;
  rects: Rect[];
  /** predictMotion: each tracked hand's crop as its landmarks gave it this frame (rects may be moved on) */
  seen?: Rect[];
  frames: number;
  /**
   * idleSearch: how many frames in a row the palm search has found no hand (rects is then empty).
   * Absent or 0 while a hand is tracked.
   */
  misses?: number;
}
