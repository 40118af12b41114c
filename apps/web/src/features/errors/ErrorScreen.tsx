import { AlertTriangle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { browser } from './browser';
import {
  ERROR_VARIANTS,
  MAX_RETRIES,
  MAX_RETRIES_LABEL,
  errorDetails,
  variantTitle,
  type ErrorVariant,
} from './variants';
import './errors.css';

export interface ErrorScreenProps {
  variant: ErrorVariant;
  error: unknown;
  componentName?: string;
  componentStack?: string | null;
  /** Attempts so far; Try Again is disabled as 'Max Retries Reached' at `maxRetries`. */
  retryCount?: number;
  maxRetries?: number;
  onRetry?: () => void;
  /** Replaces the Try Again label (the component boundary offers 'Reload Application'). */
  retryLabel?: string;
  /** A status line, e.g. the network boundary's automatic retry countdown. */
  status?: string;
  actions?: ReactNode;
  /** Heading level: a full-page error uses h1, an error inside a page h2. */
  headingLevel?: 1 | 2;
  occurredAt?: Date;
}

/** One error screen: title, message, four suggestions, Try Again, Reload Page, Show/Hide Details. */
export function ErrorScreen({
  variant,
  error,
  componentName,
  componentStack,
  retryCount = 0,
  maxRetries = MAX_RETRIES,
  onRetry,
  retryLabel,
  status,
  actions,
  headingLevel = 1,
  occurredAt,
}: ErrorScreenProps) {
  const [showDetails, setShowDetails] = useState(false);
  const [at] = useState(() => occurredAt ?? new Date());
  const id = useId();
  const text = ERROR_VARIANTS[variant];
  const title = variantTitle(variant, componentName);
  const exhausted = retryCount >= maxRetries;
  const details = errorDetails(error, componentStack, at);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';

  return (
    <section className={`error-screen error-${variant}`} role="alert" aria-labelledby={`${id}-title`}>
      <div className="error-icon" aria-hidden="true">
        <AlertTriangle size={32} />
      </div>
      <Heading id={`${id}-title`}>{title}</Heading>
      <p className="lead">{text.message}</p>
      {status && (
        <p className="muted" role="status">
          {status}
        </p>
      )}
      <SubHeading className="error-suggestions-title">What you can do</SubHeading>
      <ul className="error-suggestions">
        {text.suggestions.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <div className="button-row">
        {onRetry && (
          <button type="button" className="button button-primary" disabled={!retryLabel && exhausted} onClick={onRetry}>
            {retryLabel ?? (exhausted ? MAX_RETRIES_LABEL : 'Try Again')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => browser.reload()}>
          Reload Page
        </button>
        {actions}
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={showDetails}
          aria-controls={`${id}-details`}
          onClick={() => setShowDetails((s) => !s)}
        >
          {showDetails ? 'Hide Details' : 'Show Details'}
        </button>
      </div>
      {showDetails && (
        <dl className="error-details" id={`${id}-details`}>
          <dt>Message</dt>
          <dd>{details.message}</dd>
          <dt>Stack</dt>
          <dd>
            <pre tabIndex={0}>{details.stack || 'Not available'}</pre>
          </dd>
          <dt>Component</dt>
          <dd>
            <pre tabIndex={0}>{details.component || componentName || 'Not available'}</pre>
          </dd>
          <dt>Timestamp</dt>
          <dd>
            <time dateTime={details.timestamp}>{details.timestamp}</time>
          </dd>
        </dl>
      )}
    </section>
  );
}
