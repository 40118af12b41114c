import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null | undefined;
  /** Help under the input; replaced by the error while there is one, so the two never repeat. */
  hint?: ReactNode;
}

/** A labelled input with its hint and error wired for screen readers. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const showHint = !!hint && !error;
  const describedBy =
    [showHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {showHint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
