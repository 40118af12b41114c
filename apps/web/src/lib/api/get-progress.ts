import { isTimeZone, type ProgressResponse } from '@asl/protocol';
import { call } from './call';

/** This device's time zone (an IANA name), or nothing when the browser does not say one. */
function deviceTimeZone(): string | undefined {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz && isTimeZone(tz) ? tz : undefined;
}

/**
 * GET /progress: the learner's figures and the story the server suggests next, the streak counted
 * in this device's days. The one fetcher of /progress, for the dashboard and for practice's suggestion.
 */
export function getProgress(signal?: AbortSignal): Promise<ProgressResponse> {
  return call('progress', { query: { tz: deviceTimeZone() } }, signal ? { signal } : {});
}
