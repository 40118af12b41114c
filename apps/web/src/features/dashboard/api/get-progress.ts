import type { ProgressResponse } from '@asl/protocol';
import { request } from '../../../lib/api/client';

export function getProgress(signal?: AbortSignal): Promise<ProgressResponse> {
  return request<ProgressResponse>('/progress', signal ? { signal } : {});
}
