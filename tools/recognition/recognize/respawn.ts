/**
 * onnxruntime-node (1.x, Linux) crashes with SIGSEGV while creating a session when the process's
 * command line is longer than about 28 KB (reproduce: tools/recognition/ort-argv-crash.mjs). So a
 * long file list never reaches the process that loads the models: the command re-runs itself with
 * the list on the child's standard input (`--files-from -`) and only the options on its command line.
 */
import { spawn } from 'node:child_process';

/** Command lines up to this many bytes load onnxruntime safely (the crash starts near 28 KB). */
export const SAFE_ARGV_BYTES = 16 * 1024;

export function argvBytes(argv: readonly string[]): number {
  return argv.reduce((n, a) => n + Buffer.byteLength(a) + 1, 0);
}

/** The child's arguments: the options only (no file operands), reading the file list from stdin. */
export function childArgs(options: { classes: string; variant: string; oneReading?: boolean }): string[] {
  return [
    '--classes',
    options.classes,
    '--variant',
    options.variant,
    ...(options.oneReading ? ['--one-reading'] : []),
    '--files-from',
    '-',
  ];
}

/** Runs this script again with `args` and `stdinText` on its standard input; resolves to its exit code. */
export function respawnWithStdin(args: readonly string[], stdinText: string): Promise<number> {
  const script = process.argv[1];
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.stdin.end(stdinText);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + 9 : 1)));
  });
}
