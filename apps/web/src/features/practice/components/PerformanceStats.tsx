import type { PerformanceStats as Stats } from '../../../lib/live/pacing';
import type { LiveSocketStats } from '../../../lib/live/socket';

const EMPTY: Stats = {
  currentFPS: 0,
  adaptiveFPS: 30,
  droppedFrames: 0,
  processingCapability: 1,
  avgProcessingTime: 0,
  processedFrames: 0,
};

function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="live-stat">
      <dt id={`stat-${id}`}>{label}</dt>
      <dd aria-labelledby={`stat-${id}`} data-testid={`stat-${id}`}>
        {value}
      </dd>
    </div>
  );
}

/** Capture and connection statistics, refreshed about every second. */
export function PerformanceStats({ stats, socket }: { stats: Stats | null; socket: LiveSocketStats }) {
  const s = stats ?? EMPTY;
  const uptime = Math.floor(socket.connectionUptime / 1000);
  return (
    <section className="live-stats" aria-labelledby="live-stats-title">
      <h3 id="live-stats-title">Performance</h3>
      <dl>
        <Stat id="fps" label="Frames per second" value={String(s.currentFPS)} />
        <Stat id="adaptive-fps" label="Adaptive FPS" value={String(s.adaptiveFPS)} />
        <Stat id="dropped" label="Dropped frames" value={String(s.droppedFrames)} />
        <Stat id="capability" label="Processing capability" value={`${Math.round(s.processingCapability * 100)}%`} />
        <Stat id="avg-time" label="Average processing time" value={`${s.avgProcessingTime.toFixed(1)} ms`} />
        <Stat id="processed" label="Processed frames" value={String(s.processedFrames)} />
        <Stat id="sent" label="Messages sent" value={String(socket.messagesSent)} />
        <Stat id="received" label="Messages received" value={String(socket.messagesReceived)} />
        <Stat id="uptime" label="Connection uptime" value={`${uptime} s`} />
      </dl>
    </section>
  );
}
