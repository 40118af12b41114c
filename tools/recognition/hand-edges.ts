/** The hand skeleton's bones, as pairs of landmark numbers (MediaPipe's 21 points), for drawings. */
export const HAND_EDGES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [0, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [5, 9],
  [9, 10],
  [10, 11],
  [11, 12],
  [9, 13],
  [13, 14],
  [14, 15],
  [15, 16],
  [13, 17],
  [17, 18],
  [18, 19],
  [19, 20],
  [0, 17],
];

/** The skeleton of one hand's points (x, y in the drawing's pixels) as SVG lines. */
export function skeletonLines(p: readonly (readonly number[])[], stroke: string, width = 2): string {
  return HAND_EDGES.map(
    ([a, b]) =>
      `<line x1="${p[a]![0]}" y1="${p[a]![1]}" x2="${p[b]![0]}" y2="${p[b]![1]}" stroke="${stroke}" stroke-width="${width}"/>`,
  ).join('');
}
