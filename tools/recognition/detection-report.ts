/** Detection rates per set / class / signer from the extracted CSVs. Usage: tsx tools/recognition/detection-report.ts [dir] */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '../../.cache/extracted');
for (const set of ['massey', 'digits']) {
  let text: string;
  try {
    text = await readFile(path.join(dir, `${set}.csv`), 'utf8');
  } catch {
    continue;
  }
  const rows = text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const tally = (key: (r: string[]) => string): string => {
    const m = new Map<string, [number, number]>();
    for (const r of rows) {
      const k = key(r);
      const v = m.get(k) ?? [0, 0];
      v[0] += r[4] === '1' ? 1 : 0;
      v[1]++;
      m.set(k, v);
    }
    return [...m]
      .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
      .map(([k, [d, n]]) => `${k}:${d}/${n}`)
      .join(' ');
  };
  const det = rows.filter((r) => r[4] === '1').length;
  console.log(`\n== ${set}: ${det}/${rows.length} = ${((100 * det) / rows.length).toFixed(2)}%`);
  console.log(
    'per class:',
    tally((r) => r[2]),
  );
  if (set === 'massey')
    console.log(
      'per signer:',
      tally((r) => r[3]),
    );
  else
    console.log(
      'per group band:',
      tally((r) => {
        const g = Number(r[3].slice(1));
        return g >= 140 ? 'g140-175' : 'g<140';
      }),
    );
  if (set === 'massey')
    console.log(
      'hand4 per class:',
      tally((r) => (r[3] === 'hand4' ? r[2] : '_other')),
    );
  else
    console.log(
      'g140-175 per class:',
      tally((r) => (Number(r[3].slice(1)) >= 140 ? r[2] : '_other')),
    );
}
