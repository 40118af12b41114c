import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session/session-context';

/** Avatar initial, name and email, with Profile, Settings and Logout. A Login button when signed out. */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Link className="button button-primary" to="/login">
        Login
      </Link>
    );
  }
  const u = session.user;

  // Menu keyboard: Escape closes and returns focus to the button; arrows, Home and End move between items.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key === 'Tab' && open) {
      setOpen(false);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setOpen(true);
      }
      return;
    }
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (!items.length) return;
    e.preventDefault();
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : e.key === 'ArrowDown'
            ? (i + 1) % items.length
            : (i - 1 + items.length) % items.length;
    items[next]?.focus();
  }
  const display = [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;
  const initial = (display[0] ?? '?').toUpperCase();

  return (
    <div className="user-menu" ref={ref} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu-list"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="user-name">{display}</span>
      </button>
      {open && (
        <div className="menu" id="user-menu-list" role="menu" aria-label="User menu">
          <div className="menu-header" role="none">
            <strong>{display}</strong>
            <span className="muted">{u.email}</span>
          </div>
          <Link role="menuitem" ref={firstItem} to="/profile" tabIndex={-1} onClick={() => setOpen(false)}>
            Profile
          </Link>
          <Link role="menuitem" to="/settings" tabIndex={-1} onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            tabIndex={-1}
            onClick={async () => {
              setOpen(false);
              await session.logout();
              navigate('/login', { replace: true });
            }}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
