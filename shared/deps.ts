import { type Clock, systemClock } from '#shared/clock.ts';
import { type Config, config } from '#shared/config/env.ts';
import { createDb, type Db } from '#shared/db/client.ts';

/** What use cases receive: the database, the clock and the configuration. Built once per process. */
export type Deps = { db: Db; clock: Clock; config: Config };

let cached: Deps | undefined;

export function appDeps(): Deps {
  if (!cached) {
    const cfg = config();
    cached = { db: createDb(cfg), clock: systemClock, config: cfg };
  }
  return cached;
}
