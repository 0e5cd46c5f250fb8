import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by processes, read from /proc (Linux; 0 elsewhere): what a call costs the
 * server and PostgreSQL per request, a figure that moves far less than req/s when other work
 * shares the machine.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** User + system CPU of one process, in ms. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // Fields after the command (which may hold spaces) start at state; utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * User + system CPU of each PostgreSQL backend connected to `database`, in ms by pid (their
 * process title names the database).
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return backends;
  }
  for (const pid of pids) {
    const title = readText(`/proc/${pid}/cmdline`);
    if (title?.startsWith('postgres: ') && title.includes(` ${database} `)) {
      backends.set(Number(pid), processCpuMs(Number(pid)));
    }
  }
  return backends;
}

/**
 * The CPU the backends spent between two readings, in ms: a backend that started in between counts
 * whole; one that exited (a pool's idle connection closed) drops out, so the figure may be a little
 * low, never negative.
 */
export function postgresCpuSpentMs(
  before: Map<number, number>,
  after: Map<number, number>,
): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
