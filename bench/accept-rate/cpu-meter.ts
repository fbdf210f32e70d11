/**
 * CPU time (user + system, from /proc) of a changing set of processes over a stretch of time, counting
 * the processes that end meanwhile. Reading /proc only at the start and the end loses the CPU of every
 * process gone by the end: the server's pool closes PostgreSQL connections idle for 30 s, and the work
 * after an accept's answer can take longer than that. So the set is sampled every `intervalMs`, and a
 * process that disappears keeps the CPU it had at its last sample (at most one interval of its CPU lost).
 *
 * For PostgreSQL, only the cluster the benchmark's database is on counts (another cluster on this machine,
 * such as a chaos run's, is not ours), and of its client backends only those of that database (a test
 * suite using another database of the same cluster is not ours either); its shared processes
 * (checkpointer, WAL writer, autovacuum...) count, since the benchmark's writes make their work.
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

interface Stat {
  ppid: number;
  cpuSeconds: number;
}

function stat(pid: number): Stat | null {
  try {
    // After the command name (in parentheses): state, ppid, ... utime and stime are fields 14 and 15.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return null; // Exited.
  }
}

function allPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** `root` and every process below it. */
export function processTree(root: number): () => number[] {
  return () => {
    const children = new Map<number, number[]>();
    for (const pid of allPids()) {
      const s = stat(pid);
      if (!s) continue;
      children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
    }
    const out: number[] = [];
    const walk = (pid: number) => {
      out.push(pid);
      for (const c of children.get(pid) ?? []) walk(c);
    };
    walk(root);
    return out;
  };
}

/**
 * The postmaster `postmaster` and its children, except client backends of databases other than
 * `database` (a backend's title: "postgres: 15/main: <user> <database> <host>(<port>) <state>") and the
 * backends in `except` (the benchmark's own connection, whose polls are not the server's work).
 */
export function postgresOf(postmaster: number, database: string, except: number[] = []): () => number[] {
  return () => {
    const out = [postmaster];
    for (const pid of allPids()) {
      if (stat(pid)?.ppid !== postmaster || except.includes(pid)) continue;
      let title = '';
      try {
        title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {
        continue;
      }
      const backend = /^postgres: [^:]+: \S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
      if (backend && backend[1] !== database) continue;
      out.push(pid);
    }
    return out;
  };
}

export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pids: () => number[],
    private readonly intervalMs = 200,
  ) {}

  private sample() {
    for (const pid of this.pids()) {
      const s = stat(pid);
      if (!s) continue;
      // A process first seen after the start counts from zero: all its CPU was spent in the stretch.
      if (!this.first.has(pid)) this.first.set(pid, this.timer === null ? s.cpuSeconds : 0);
      this.last.set(pid, s.cpuSeconds);
    }
  }

  /** Starts counting from now. */
  start() {
    this.first.clear();
    this.last.clear();
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  /** CPU seconds since start(), of the processes alive now and of those that ended meanwhile. */
  read(): number {
    this.sample();
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? last);
    return total;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The PID of the postmaster of the cluster `client` is connected to (the parent of its backend). */
export async function postmasterPid(client: {
  query: (sql: string) => Promise<{ rows: { pid: number }[] }>;
}): Promise<number> {
  const { rows } = await client.query('select pg_backend_pid() as pid');
  const s = stat(rows[0]!.pid);
  if (!s) throw new Error('the PostgreSQL server is not on this machine: its CPU cannot be read');
  return s.ppid;
}
