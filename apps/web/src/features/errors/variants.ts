import { ERROR_BOUNDARY_MAX_RETRIES } from '@asl/protocol';
import { classifyError } from '../../lib/api/api-error';

/** The error-screen variants of spec section 2, with four suggestions each. */
export type ErrorVariant = 'network' | 'authentication' | 'component' | 'chunk' | 'default';

export interface VariantText {
  title: string;
  message: string;
  suggestions: readonly [string, string, string, string];
}

export const ERROR_VARIANTS: Record<ErrorVariant, VariantText> = {
  network: {
    title: 'Connection Error',
    message: 'Unable to connect to the server. Please check your internet connection.',
    suggestions: [
      'Check that your device is connected to the internet.',
      'Turn Wi-Fi or mobile data off and on again.',
      'If you use a VPN or proxy, try without it.',
      'Wait a moment and press Try Again.',
    ],
  },
  authentication: {
    title: 'Authentication Error',
    message: 'There was a problem with your authentication. Please sign in again.',
    suggestions: [
      'Sign in again with your email or username and password.',
      'Your session may have expired after a long time away.',
      'Make sure cookies and site storage are allowed for this site.',
      'If it keeps happening, reset your password from the sign-in page.',
    ],
  },
  component: {
    title: 'Failed to Load',
    message: "This component couldn't be loaded. This might be a temporary issue.",
    suggestions: [
      'Press Try Again to load this part of the page once more.',
      'Reload the page if trying again does not help.',
      'Check your internet connection.',
      'The rest of the platform keeps working; you can use the navigation meanwhile.',
    ],
  },
  chunk: {
    title: 'Loading Error',
    message: 'Failed to load application resources. This might be due to a network issue.',
    suggestions: [
      'Reload the page to fetch the latest version of the platform.',
      'Check your internet connection.',
      'Clear your browser cache if the problem continues.',
      'A new version may have just been released; reloading picks it up.',
    ],
  },
  default: {
    title: 'Something Went Wrong',
    message: "An unexpected error occurred. We're sorry for the inconvenience.",
    suggestions: [
      'Press Try Again.',
      'Reload the page.',
      'Go back to the dashboard and start again from there.',
      'If the problem continues, contact support and mention the time it happened.',
    ],
  },
};

export const MAX_RETRIES = ERROR_BOUNDARY_MAX_RETRIES;
export const MAX_RETRIES_LABEL = 'Max Retries Reached';

/** Title of a variant: the component variant names the component ('Failed to Load <component name>'). */
export function variantTitle(variant: ErrorVariant, componentName?: string): string {
  const t = ERROR_VARIANTS[variant].title;
  return variant === 'component' ? `${t} ${componentName || 'Component'}` : t;
}

/** Which screen an error gets, by the classification of spec section 8. */
export function variantForError(error: unknown, componentName?: string): ErrorVariant {
  const kind = classifyError(error).kind;
  if (kind === 'network' || kind === 'timeout') return 'network';
  if (kind === 'chunk_load') return 'chunk';
  if (kind === 'authentication') return 'authentication';
  return componentName ? 'component' : 'default';
}

export interface ErrorDetails {
  message: string;
  stack: string;
  component: string;
  timestamp: string;
}

export function errorDetails(error: unknown, componentStack?: string | null, at: Date = new Date()): ErrorDetails {
  const e = error instanceof Error ? error : new Error(String(error));
  return {
    message: e.message || String(error),
    stack: e.stack ?? '',
    component: componentStack?.trim() ?? '',
    timestamp: at.toISOString(),
  };
}
