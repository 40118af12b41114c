/**
 * J and Z as people draw them, for tests, evaluations and the fake camera: the fingertip's path in
 * palm sizes, x toward the thumb side and y down, for t from 0 (start) to 1 (end).
 */
export type PathPoint = [towardThumb: number, down: number];

/** J: the pinky down 1.6 palms, then a hook toward the thumb. */
export function jPath(t: number): PathPoint {
  if (t < 0.55) return [0, (t / 0.55) * 1.6];
  const th = ((t - 0.55) / 0.45) * Math.PI * 0.85;
  return [0.6 - 0.6 * Math.cos(th), 1.6 + 0.6 * Math.sin(th)];
}

/** Z: the index across 2 palms away from the thumb, diagonally back, across again. */
export function zPath(t: number): PathPoint {
  const corners: PathPoint[] = [
    [0, 0],
    [-2, 0],
    [0, 2],
    [-2, 2],
  ];
  const u = Math.min(t, 0.9999) * 3;
  const k = Math.floor(u);
  const f = u - k;
  return [
    corners[k][0] + f * (corners[k + 1][0] - corners[k][0]),
    corners[k][1] + f * (corners[k + 1][1] - corners[k][1]),
  ];
}
