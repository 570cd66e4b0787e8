import { log } from '#shared/log.ts';

/**
 * In AWS a rejection nobody handled fails one invocation of one function, and its schedule or event source runs it
 * again; under `npm start` every worker shares one thread, whose default for it (end the thread, and with it `npm
 * start`) let one DynamoDB Local call that outlived its timeout stop the whole runtime. So the workers' thread logs it
 * as that run's failure and goes on: each worker runs again at its next schedule, and the API keeps serving.
 */
export function logUnhandledRejections(): void {
  process.on('unhandledRejection', (error: unknown) => {
    log.error('a local worker left a failure unhandled; it runs again at its next schedule', { error });
  });
}
