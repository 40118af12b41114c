import { X } from 'lucide-react';
import { dismiss, useNotifications } from './notifications';
import './toasts.css';

/** Notification toasts, announced to screen readers (polite; errors assertive). */
export function Toasts() {
  const items = useNotifications();
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions text" role="region" aria-label="Notifications">
      {items.map((n) => (
        <div key={n.id} className={`toast toast-${n.type}`} role={n.type === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          {n.action && (
            <button type="button" className="button button-primary toast-action" onClick={n.action.run}>
              {n.action.label}
            </button>
          )}
          <button type="button" className="icon-button" aria-label="Dismiss notification" onClick={() => dismiss(n.id)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
