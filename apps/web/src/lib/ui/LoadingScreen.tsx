import { LOADING_TIMEOUT_MS, PRODUCT_NAME } from '@asl/protocol';
import { useEffect, useState } from 'react';
import { useTransitionHold } from '../perf/transitions';
import { Logo } from './Logo';
import './loading-screen.css';

export const LOADING_TIPS = [
  'Keep your hand inside the camera frame and well lit.',
  'Fingerspell at a steady pace: clarity matters more than speed.',
  'A plain background helps the handshape recognition.',
  'Practise a little every day; short sessions work best.',
  'Relax your wrist between letters to avoid strain.',
] as const;
export const TIP_ROTATE_MS = 4000;
export const LOADING_SLOW_TEXT = 'Loading is taking longer than expected';

/** 'Loading SignSpeak Platform...' with a rotating tip; after the time-out, a Refresh Page button. */
export function LoadingScreen({
  timeoutMs = LOADING_TIMEOUT_MS,
  onRefresh = () => window.location.reload(),
}: {
  timeoutMs?: number;
  onRefresh?: () => void;
}) {
  const [tip, setTip] = useState(0);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const rotate = setInterval(() => setTip((t) => (t + 1) % LOADING_TIPS.length), TIP_ROTATE_MS);
    const late = setTimeout(() => setSlow(true), timeoutMs);
    return () => {
      clearInterval(rotate);
      clearTimeout(late);
    };
  }, [timeoutMs]);
  return (
    <div className="center-screen loading-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="loading-title">Loading {PRODUCT_NAME} Platform...</p>
      <p className="loading-tip">
        <span className="tip-label">Tip:</span> {LOADING_TIPS[tip]}
      </p>
      {slow && (
        <div className="loading-slow">
          <p>{LOADING_SLOW_TEXT}</p>
          <button type="button" className="button button-primary" onClick={onRefresh}>
            Refresh Page
          </button>
        </div>
      )}
    </div>
  );
}

/** The full-screen loader while the stored session is checked at start-up. */
export function AuthInitLoader() {
  useTransitionHold();
  return (
    <div className="center-screen auth-init" role="status" aria-live="polite">
      <Logo size={56} />
      <div className="spinner" aria-hidden="true" />
      <p className="loading-title">Initializing {PRODUCT_NAME} Platform</p>
    </div>
  );
}
