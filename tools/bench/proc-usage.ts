import { readFileSync } from 'node:fs';

const TICK_HZ = 100;

/** CPU seconds used and resident memory of a process, from /proc (Linux). */
export function procUsage(pid: number): { cpuS: number; rssMb: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const rssPages = Number(fields[21]);
    return { cpuS: (utime + stime) / TICK_HZ, rssMb: (rssPages * 4096) / 1024 / 1024 };
  } catch {
    return null;
  }
}

/** The process and its children (worker threads share the pid; child processes do not). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
