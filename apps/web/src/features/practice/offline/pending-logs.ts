import type { OfflinePracticeLog } from './practice-log';

const KEY = 'practice_data_pending';

/**
 * Default home of offline practice logs until the `practice-data` sync queue is wired to
 * onPracticeData: kept in localStorage (newest 50) so nothing practised offline is lost.
 */
export function keepPracticeData(log: OfflinePracticeLog): void {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as OfflinePracticeLog[];
    list.push(log);
    localStorage.setItem(KEY, JSON.stringify(list.slice(-50)));
  } catch {
    /* storage full or unavailable */
  }
}
