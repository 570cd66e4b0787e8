import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per request by who spent it, read from /proc (Linux; elsewhere nothing is reported): the API's thread
 * in `npm start` (its main thread; the workers run on their own), the bench's own process (autocannon for the
 * service, the replayed calls for the floor) and DynamoDB Local. A ratio of throughputs on a shared two-core
 * machine mixes the three; these say what one request cost each of them, whatever else ran meanwhile.
 */
export type CpuPerRequest = { apiThreadUs?: number; benchUs: number; databaseUs: number };

const CLOCK_TICKS_PER_S = 100;
const TICK_US = 1_000_000 / CLOCK_TICKS_PER_S;

/** utime + stime of a process, or of one of its threads, in clock ticks. */
function ticks(stat: string): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const readStat = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

function processes(): { pid: number; ppid: number; cmdline: string[] }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
        return [{ pid: Number(name), ppid, cmdline }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

type Meter = {
  /** Runs `load` (which says how many requests it made) and, where /proc is, what each request cost whom. */
  measure<T extends { ok: number }>(
    load: () => Promise<T>,
    withApi: boolean,
  ): Promise<{ result: T; cpu?: CpuPerRequest }>;
};

/** Where /proc is not, or the processes are not found: the loads alone. */
const UNMETERED: Meter = { measure: async (load) => ({ result: await load() }) };

/** Meters the runtime's node process (the child `npm start` execs) and the DynamoDB Local listening on `port`. */
export function cpuMeter(npmPid: number, databasePort: number): Meter {
  if (!existsSync('/proc/self/stat')) return UNMETERED;
  const all = processes();
  const api = all.find((p) => p.ppid === npmPid && p.cmdline.some((arg) => arg.endsWith('infra/local/main.ts')));
  const database = all.find((p) => {
    const port = p.cmdline.indexOf('-port');
    // The java process itself, not its guardian's shell, whose command line names the same arguments.
    return p.cmdline[0]?.endsWith('java') && port >= 0 && p.cmdline[port + 1] === String(databasePort);
  });
  if (!api || !database) return UNMETERED;
  const apiThread = `/proc/${api.pid}/task/${api.pid}/stat`;
  const databaseProcess = `/proc/${database.pid}/stat`;
  const sample = () => ({
    api: ticks(readStat(apiThread) ?? ''),
    database: ticks(readStat(databaseProcess) ?? ''),
    bench: process.cpuUsage(),
  });
  return {
    async measure(load, withApi) {
      const before = sample();
      const result = await load();
      const after = sample();
      const bench = process.cpuUsage(before.bench);
      const per = (us: number) => us / Math.max(1, result.ok);
      return {
        result,
        cpu: {
          ...(withApi ? { apiThreadUs: per((after.api - before.api) * TICK_US) } : {}),
          benchUs: per(bench.user + bench.system),
          databaseUs: per((after.database - before.database) * TICK_US),
        },
      };
    },
  };
}
