import { useTransitionHold } from '../lib/perf/transitions';
import './page-skeleton.css';

export type SkeletonKind = 'default' | 'dashboard' | 'asl-world';

/** Loading placeholders for lazy pages; dashboard and ASL World have their own layouts. */
export function PageSkeleton({ kind = 'default' }: { kind?: SkeletonKind }) {
  useTransitionHold();
  return (
    <div className={`skeleton skeleton-${kind}`} role="status" aria-live="polite" aria-label="Loading page">
      <div className="sk-line sk-title" />
      {kind === 'dashboard' && (
        <div className="sk-grid">
          <div className="sk-card" />
          <div className="sk-card" />
          <div className="sk-card" />
          <div className="sk-card" />
        </div>
      )}
      {kind === 'asl-world' && (
        <div className="sk-split">
          <div className="sk-video" />
          <div className="sk-panel" />
        </div>
      )}
      {kind === 'default' && <div className="sk-block" />}
    </div>
  );
}
