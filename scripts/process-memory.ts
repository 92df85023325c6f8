// A running process's memory as the kernel counts it (/proc/<pid>/status), for the benches' RSS figures.
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS (resident now) or VmHWM (the peak since start or the last reset), in kB; 0 once the process is gone. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Sets the process's peak (VmHWM) back to its RSS now, so the next figure covers what follows alone. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
