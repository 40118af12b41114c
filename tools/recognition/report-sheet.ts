/**
 * A contact sheet of learners' reports (`npm run eval:reports -- FILE --sheet OUT.png`): each
 * report's last hand as a skeleton, the paths the index and little fingertips drew over its
 * movement, and "asked → read then, now" under it (green when read now as asked, red otherwise),
 * with the report's id as `npm run label:reports` takes it (and its label once a person gave one).
 */
import sharp from 'sharp';
import type { ReportReading } from './eval-reports.js';
import { skeletonLines } from './hand-edges.js';

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One report's tile as SVG, `size` pixels square. */
export function reportTile(r: ReportReading, size: number): string {
  const hands = r.frames.filter((f): f is number[][] => f !== null);
  const pts = hands.flat();
  const [x0, x1] = [Math.min(...pts.map((p) => p[0]!)), Math.max(...pts.map((p) => p[0]!))];
  const [y0, y1] = [Math.min(...pts.map((p) => p[1]!)), Math.max(...pts.map((p) => p[1]!))];
  const drawn = size - 36; // room for the caption
  const scale = (drawn - 16) / Math.max(x1 - x0, y1 - y0, 1e-9);
  const at = (p: number[]) => [+(8 + (p[0]! - x0) * scale).toFixed(1), +(8 + (p[1]! - y0) * scale).toFixed(1)];
  let svg = `<svg width="${size}" height="${size}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#fff"/>`;
  if (hands.length > 1)
    for (const [tip, colour] of [
      [8, '#1f77b4'],
      [20, '#9467bd'],
    ] as const)
      svg += `<polyline points="${hands.map((h) => at(h[tip]!).join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5" opacity="0.7"/>`;
  svg += skeletonLines(hands.at(-1)!.map(at), '#333');
  const ok = r.label === r.target;
  const caption = `${r.target} → ${r.detected ?? 'none'} then, ${r.label}${r.sure ? ' (sure)' : ''} now`;
  svg += `<text x="6" y="${size - 20}" font-family="sans-serif" font-size="13" fill="${ok ? '#1a7f37' : '#c62828'}">${esc(caption)}</text>`;
  svg += `<text x="6" y="${size - 5}" font-family="sans-serif" font-size="10" fill="#666">${esc(r.id.slice(0, 8))}${hands.length > 1 ? ` · ${hands.length} frames` : ''}${r.reviewed ? ` · labelled ${esc(r.reviewed)}` : ''}</text>`;
  return `${svg}</svg>`;
}

/** Every report's tile in a grid, `perRow` across, as PNG. */
export async function reportSheet(readings: readonly ReportReading[], size = 240, perRow = 5): Promise<Buffer> {
  const cols = Math.max(1, Math.min(perRow, readings.length));
  const rows = Math.max(1, Math.ceil(readings.length / cols));
  return sharp({ create: { width: size * cols, height: size * rows, channels: 3, background: '#ddd' } })
    .composite(
      readings.map((r, i) => ({
        input: Buffer.from(reportTile(r, size)),
        left: (i % cols) * size,
        top: Math.floor(i / cols) * size,
      })),
    )
    .png()
    .toBuffer();
}
