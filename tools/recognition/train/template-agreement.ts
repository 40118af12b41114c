/** How often the letter templates accept correctly labelled real samples. */
import { handState } from '../../../packages/recognition/src/handshape/finger-state.js';
import { templateFor } from '../../../packages/recognition/src/handshape/letter-templates.js';
import { differences } from '../../../packages/recognition/src/handshape/template-match.js';
import type { Sample } from './data.js';

export function toLandmarks(xy: Float64Array): { x: number; y: number }[] {
  return Array.from({ length: 21 }, (_, i) => ({ x: xy[2 * i], y: xy[2 * i + 1] }));
}

export interface Agreement {
  n: number;
  ok: number;
  perLabel: Map<string, { n: number; ok: number; firstDiff: Map<string, number> }>;
}

export function templateAgreement(samples: Sample[]): Agreement {
  const res: Agreement = { n: 0, ok: 0, perLabel: new Map() };
  for (const s of samples) {
    const tpl = templateFor(s.label);
    if (!tpl) continue;
    const diffs = differences(tpl, handState(toLandmarks(s.xy), s.handedness));
    const pl = res.perLabel.get(s.label) ?? { n: 0, ok: 0, firstDiff: new Map() };
    pl.n++;
    res.n++;
    if (diffs.length === 0) {
      pl.ok++;
      res.ok++;
    } else {
      const d = diffs[0];
      const key = d.kind === 'finger' ? `${d.want}:${d.fingers.join('+')}` : d.kind;
      pl.firstDiff.set(key, (pl.firstDiff.get(key) ?? 0) + 1);
    }
    res.perLabel.set(s.label, pl);
  }
  return res;
}

export function formatAgreement(title: string, a: Agreement): string {
  const lines = [
    `${title}: templates accept ${((100 * a.ok) / Math.max(a.n, 1)).toFixed(1)}% of ${a.n} labelled samples`,
  ];
  const rows = [...a.perLabel].sort(([x], [y]) => x.localeCompare(y));
  lines.push(
    '  ' +
      rows
        .map(([l, v]) => {
          const top = [...v.firstDiff].sort((p, q) => q[1] - p[1])[0];
          return `${l} ${((100 * v.ok) / v.n).toFixed(0)}%${v.ok < v.n && top ? ` (${top[0]})` : ''}`;
        })
        .join('  '),
  );
  return lines.join('\n');
}
