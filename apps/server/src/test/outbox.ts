import { watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Every complete mail in the outbox folder (DATA_DIR/outbox), oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    try {
      mails.push({ file, ...JSON.parse(await readFile(join(dir, file), 'utf8')) });
    } catch {
      /* still being written: the next change event reads it */
    }
  }
  return mails;
}

/**
 * Resolves with the first mail matching `pred`, awaiting the folder's change events (mail is
 * sent off the request path, so it may land after the answer).
 */
export async function waitForMail(
  dir: string,
  pred: (m: OutboxMail) => boolean,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  await mkdir(dir, { recursive: true });
  return new Promise((resolve, reject) => {
    let done = false;
    const watcher = watch(dir);
    const finish = (err: Error | null, mail?: OutboxMail) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      watcher.close();
      if (err) reject(err);
      else resolve(mail!);
    };
    const timer = setTimeout(() => finish(new Error(`no matching mail in ${dir} within ${timeoutMs} ms`)), timeoutMs);
    const look = () =>
      void readOutbox(dir).then((mails) => {
        const found = mails.find(pred);
        if (found) finish(null, found);
      });
    watcher.on('change', look);
    watcher.on('error', (err) => finish(err));
    look();
  });
}

/** The reset token of a mailed link. */
export function resetTokenOf(mail: OutboxMail): string {
  return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
}
