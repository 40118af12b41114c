import { SYSTEM_STATUS_TEXT, useSystemStatus } from './system-status';
import './offline.css';

/** The sidebar's status line: a dot whose colour and shape follow the state, and the state in words. */
export function SystemStatus() {
  const state = useSystemStatus();
  return (
    <p className="system-status" role="status" data-state={state}>
      <span className={`status-dot status-${state}`} aria-hidden="true" /> {SYSTEM_STATUS_TEXT[state]}
    </p>
  );
}
