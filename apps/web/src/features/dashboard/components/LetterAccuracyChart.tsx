import type { ProgressResponse } from '@asl/protocol';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type Row = ProgressResponse['accuracy_by_letter'][number];

/**
 * Accuracy per letter as a bar chart, each bar labelled with its figure (a letter at 0% shows a
 * sliver of a bar and "0%"), with the same figures as a table for screen readers.
 */
export function LetterAccuracyChart({ rows }: { rows: Row[] }) {
  const data = rows.map((r) => ({ letter: r.letter, accuracy: Math.round(r.accuracy * 100), attempts: r.attempts }));
  return (
    <figure className="chart-figure">
      <div className="chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} margin={{ top: 22, right: 8, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="letter" stroke="var(--text-secondary)" tickLine={false} interval={0} />
            <YAxis domain={[0, 100]} stroke="var(--text-secondary)" tickFormatter={(v: number) => `${v}%`} />
            <Tooltip
              formatter={(v) => [`${String(v)}%`, 'Accuracy']}
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
            />
            {/* minPointSize: a letter at 0% keeps a sliver of a bar, and with it its label */}
            <Bar dataKey="accuracy" radius={[4, 4, 0, 0]} isAnimationActive={false} minPointSize={3}>
              {data.map((d) => (
                <Cell
                  key={d.letter}
                  fill={d.accuracy >= 80 ? 'var(--success)' : d.accuracy >= 50 ? 'var(--warning)' : 'var(--danger)'}
                />
              ))}
              <LabelList
                dataKey="accuracy"
                position="top"
                formatter={(v: unknown) => `${String(v)}%`}
                fill="var(--text)"
                fontSize={12}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">Accuracy per letter</figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">Letter</th>
            <th scope="col">Accuracy</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.letter}>
              <td>{d.letter}</td>
              <td>{d.accuracy}%</td>
              <td>{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
