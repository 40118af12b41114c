import { useOnline } from './OfflineBanner';

/**
 * Under a form's button while its request waits for the connection (the request wrapper holds an
 * authenticated call until the browser is back online): says so, instead of a greyed button alone.
 */
export function WaitingForConnection({ pending }: { pending: boolean }) {
  const online = useOnline();
  if (!pending || online) return null;
  return (
    <p className="muted" role="status">
      No connection: this will be saved when you are back online. Keep this page open until then.
    </p>
  );
}
