import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { ERROR_VARIANTS, errorDetails, variantForError, variantTitle } from './variants';

describe('error-screen variants', () => {
  it('have the titles and messages of spec section 2 and four suggestions each', () => {
    expect(ERROR_VARIANTS.network.title).toBe('Connection Error');
    expect(ERROR_VARIANTS.network.message).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    expect(ERROR_VARIANTS.authentication.title).toBe('Authentication Error');
    expect(ERROR_VARIANTS.authentication.message).toBe(
      'There was a problem with your authentication. Please sign in again.',
    );
    expect(variantTitle('component', 'Dashboard')).toBe('Failed to Load Dashboard');
    expect(ERROR_VARIANTS.component.message).toBe(
      "This component couldn't be loaded. This might be a temporary issue.",
    );
    expect(ERROR_VARIANTS.chunk.title).toBe('Loading Error');
    expect(ERROR_VARIANTS.chunk.message).toBe(
      'Failed to load application resources. This might be due to a network issue.',
    );
    expect(ERROR_VARIANTS.default.title).toBe('Something Went Wrong');
    expect(ERROR_VARIANTS.default.message).toBe("An unexpected error occurred. We're sorry for the inconvenience.");
    for (const v of Object.values(ERROR_VARIANTS)) expect(new Set(v.suggestions).size).toBe(4);
  });

  it('picks the variant from the error classification', () => {
    expect(variantForError(new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBe('network');
    expect(variantForError(new Error('Request timed out'))).toBe('network');
    expect(variantForError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe('chunk');
    expect(variantForError(new ApiError(401, 'UNAUTHENTICATED', 'no'))).toBe('authentication');
    expect(variantForError(new Error('boom'))).toBe('default');
    expect(variantForError(new Error('boom'), 'Dashboard')).toBe('component');
  });

  it('details carry message, stack, component and timestamp', () => {
    const d = errorDetails(new Error('boom'), '\n    at Widget', new Date('2026-01-02T03:04:05Z'));
    expect(d.message).toBe('boom');
    expect(d.stack).toContain('boom');
    expect(d.component).toBe('at Widget');
    expect(d.timestamp).toBe('2026-01-02T03:04:05.000Z');
  });
});
