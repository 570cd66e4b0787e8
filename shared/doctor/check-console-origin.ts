import type { Config } from '#shared/config/env.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';

/** The console's origin: https and a real host; localhost is the default of `npm start`, never a deployment's. */
export function checkConsoleOrigin(config: Pick<Config, 'console'>): Finding {
  const { origin, rpId } = config.console;
  if (rpId === 'localhost' || !origin.startsWith('https://')) {
    return problem(
      'console origin',
      `CONSOLE_ORIGIN is ${origin}`,
      'Deploy with -c consoleOrigin=https://<the console stack ConsoleUrl output>',
    );
  }
  return ok('console origin', origin);
}
