import { describe, expect, it } from 'vitest';
import { ApiError, classifyError } from './api-error';

describe('classifyError', () => {
  it('classifies by status', () => {
    expect(classifyError(new ApiError(0, 'NETWORK', 'x'))).toMatchObject({
      kind: 'network',
      severity: 'high',
      retryable: true,
    });
    expect(classifyError(new ApiError(401, 'X', 'x')).userMessage).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(classifyError(new ApiError(403, 'X', 'x')).kind).toBe('permission');
    expect(classifyError(new ApiError(422, 'X', 'x')).userMessage).toBe('Please check your input and try again.');
    expect(classifyError(new ApiError(404, 'X', 'x')).userMessage).toBe('There was a problem with your request.');
    expect(classifyError(new ApiError(503, 'X', 'x'))).toMatchObject({ kind: 'server', retryable: true });
  });
  it('classifies by message text', () => {
    expect(classifyError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(classifyError(new Error('Request timed out')).kind).toBe('timeout');
    expect(classifyError(new Error('Failed to fetch dynamically imported module')).kind).toBe('chunk_load');
    expect(classifyError(new Error('boom')).userMessage).toBe('An unexpected error occurred. Please try again.');
  });
});
