/** Signal names as HOJ prints them (glibc strsignal wording), indexed by number. */
const NAMES: Record<number, string> = {
  1: 'Hangup',
  2: 'Interrupt',
  3: 'Quit',
  4: 'Illegal instruction',
  5: 'Trace/breakpoint trap',
  6: 'Aborted',
  7: 'Bus error',
  8: 'Floating point exception',
  9: 'Killed',
  10: 'User defined signal 1',
  11: 'Segmentation fault',
  12: 'User defined signal 2',
  13: 'Broken pipe',
  14: 'Alarm clock',
  15: 'Terminated',
  16: 'Stack fault',
  17: 'Child exited',
  18: 'Continued',
  19: 'Stopped (signal)',
  20: 'Stopped',
  21: 'Stopped (tty input)',
  22: 'Stopped (tty output)',
  23: 'Urgent I/O condition',
  24: 'CPU time limit exceeded',
  25: 'File size limit exceeded',
  26: 'Virtual timer expired',
  27: 'Profiling timer expired',
  28: 'Window changed',
  29: 'I/O possible',
  30: 'Power failure',
  31: 'Bad system call',
};

export function signalName(n: number): string | undefined {
  return NAMES[n];
}

/**
 * Runtime-error message. HOJ names the number with the signal table even for a plain
 * exit code ("1 (Hangup)"); we name signals only (docs/compat.md, Judge).
 */
export function runtimeErrorMessage(exitCode: number | null, signal: number | null): string {
  if (signal !== null) {
    const name = signalName(signal);
    return `The program return exit status code: ${signal}${name ? ` (${name})` : ''}`;
  }
  return `The program return exit status code: ${exitCode ?? -1}`;
}
