import type { ProgressResponse } from '@asl/protocol';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMediaQuery } from '../../../lib/ui/use-media-query';

type Row = ProgressResponse['accuracy_by_letter'][number];

/**
 * Right first time, per letter (letters right first time / letters tried) as a bar chart, each bar labelled with its figure (a letter at 0% shows a
 * sliver of a bar and "0%"), with the same figures as a table for screen readers.
 */
export function LetterAccuracyChart({ rows }: { rows: Row[] }) {
  const data = rows.map((r) => ({ letter: r.letter, accuracy: Math.round(r.accuracy * 100), attempted: r.attempted }));
  // On a phone the bars lie down, one row per letter, so their labels never overlap.
  const narrow = useMediaQuery('(max-width: 599.98px)');
  const captionId = useId();
  return (
    // One named figure: the drawing is hidden from screen readers and never takes focus
    // (accessibilityLayer off), and the table below is its accessible version.
    <figure className="chart-figure" aria-labelledby={captionId}>
      <div className="chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={narrow ? data.length * 28 + 16 : 220}>
          <BarChart
            data={data}
            layout={narrow ? 'vertical' : 'horizontal'}
            accessibilityLayer={false}
            margin={narrow ? { top: 4, right: 44, bottom: 4, left: 0 } : { top: 22, right: 8, bottom: 0, left: 4 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--chart-grid)" vertical={narrow} horizontal={!narrow} />
            {narrow ? (
              <XAxis type="number" domain={[0, 100]} hide />
            ) : (
              <XAxis dataKey="letter" stroke="var(--text-secondary)" tickLine={false} interval={0} />
            )}
            {narrow ? (
              <YAxis
                type="category"
                dataKey="letter"
                width={28}
                stroke="var(--text-secondary)"
                tickLine={false}
                interval={0}
              />
            ) : (
              <YAxis domain={[0, 100]} stroke="var(--text-secondary)" tickFormatter={(v: number) => `${v}%`} />
            )}
            <Tooltip
              cursor={{ fill: 'var(--surface-2)' }}
              formatter={(v) => [`${String(v)}%`, 'Accuracy']}
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
            />
            {/* minPointSize: a letter at 0% keeps a sliver of a bar, and with it its label */}
            <Bar
              dataKey="accuracy"
              radius={narrow ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              isAnimationActive={false}
              minPointSize={3}
              maxBarSize={narrow ? 18 : 40}
            >
              {/* one calm colour; letters under half right in a second, softer one */}
              {data.map((d) => (
                <Cell key={d.letter} fill={d.accuracy < 50 ? 'var(--chart-weak)' : 'var(--chart-bar)'} />
              ))}
              <LabelList
                dataKey="accuracy"
                position={narrow ? 'right' : 'top'}
                formatter={(v: unknown) => `${String(v)}%`}
                fill="var(--text)"
                fontSize={12}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={captionId} className="visually-hidden">
        Right first time, per letter (the table lists each letter)
      </figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">Letter</th>
            <th scope="col">Accuracy</th>
            <th scope="col">Times asked</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.letter}>
              <td>{d.letter}</td>
              <td>{d.accuracy}%</td>
              <td>{d.attempted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
