/** A horizontal bar for a percentage, exposed as a meter or a progress bar. */
export function Bar({ role, label, percent }: { role: 'meter' | 'progressbar'; label: string; percent: number }) {
  return (
    <div className="bar" role={role} aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="bar-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
