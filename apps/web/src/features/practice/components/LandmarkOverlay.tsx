import { CAPTURED_FRAME, type DetectedHand } from '@asl/protocol';
import { useEffect, useRef } from 'react';

// prettier-ignore
/** The 21-point hand skeleton (wrist, then four joints per finger from thumb to little finger). */
export const HAND_BONES: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 2], [2, 3], [3, 4],
  [0, 5], [5, 6], [6, 7], [7, 8],
  [5, 9], [9, 10], [10, 11], [11, 12],
  [9, 13], [13, 14], [14, 15], [15, 16],
  [13, 17], [0, 17], [17, 18], [18, 19], [19, 20],
];

export interface HandsFrame {
  hands: DetectedHand[];
  /** The pixel size of the frame the landmarks are in (320x240). */
  width: number;
  height: number;
}

/** Draws the hands onto a 2D context sized like the captured frame. */
export function drawHands(
  ctx: CanvasRenderingContext2D,
  frame: HandsFrame | null,
  colors: { bone: string; joint: string },
) {
  const { width: W, height: H } = ctx.canvas;
  ctx.clearRect(0, 0, W, H);
  if (!frame) return;
  const sx = W / (frame.width || CAPTURED_FRAME.width);
  const sy = H / (frame.height || CAPTURED_FRAME.height);
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  for (const hand of frame.hands) {
    const pts = hand.landmarks.map(([x, y]) => [x * sx, y * sy] as const);
    ctx.strokeStyle = colors.bone;
    ctx.beginPath();
    for (const [a, b] of HAND_BONES) {
      const p = pts[a];
      const q = pts[b];
      if (!p || !q) continue;
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(q[0], q[1]);
    }
    ctx.stroke();
    ctx.fillStyle = colors.joint;
    for (const [x, y] of pts) {
      ctx.beginPath();
      ctx.arc(x, y, 2.5, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** A canvas over the video, in the captured frame's pixel coordinates, scaled with the video box. */
export function LandmarkOverlay({ frame }: { frame: HandsFrame | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const style = getComputedStyle(canvas);
    drawHands(ctx, frame, {
      bone: style.getPropertyValue('--landmark-bone').trim() || '#22d3ee',
      joint: style.getPropertyValue('--landmark-joint').trim() || '#f97316',
    });
  }, [frame]);
  return (
    <canvas
      ref={ref}
      className="live-overlay"
      width={CAPTURED_FRAME.width}
      height={CAPTURED_FRAME.height}
      data-testid="landmark-overlay"
      data-hands={frame?.hands.length ?? 0}
      aria-hidden="true"
    />
  );
}
