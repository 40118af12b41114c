import { useEffect, useRef } from 'react';

/**
 * A message about practice ("You have started many new topics…", "Too many clicks…"), brought
 * into view when it changes: it is said at the top of the panel, and the button that caused it
 * may be far below (the topic box under a long story list).
 */
export function PracticeNotice({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  return (
    <p ref={ref} className="alert alert-info" role="status">
      {text}
    </p>
  );
}
