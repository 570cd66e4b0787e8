import { describe, expect, it } from 'vitest';
import { typeScriptThread } from '#shared/typescript-thread.ts';

describe("the workers' thread of npm start", () => {
  it('logs a failure nobody handled and keeps running (one slow DynamoDB Local call never stops the runtime)', async () => {
    // The thread's environment is a copy of this one's, taken when it starts: its log at the runtime's level.
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    const thread = typeScriptThread(new URL('../../support/local/rejecting-worker-thread.ts', import.meta.url));
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;

    const outcome = await new Promise<string | { running: boolean; logged: string }>((resolve) => {
      thread.on('message', (message: { running: boolean; logged: string }) => resolve(message));
      thread.on('error', (error) => resolve(`failed: ${error.message}`));
      thread.on('exit', (code) => resolve(`exited with ${code}`));
    });
    await thread.terminate();

    expect(outcome).toMatchObject({ running: true });
    const { logged } = outcome as { logged: string };
    expect(logged).toContain('a local worker left a failure unhandled; it runs again at its next schedule');
    expect(logged).toContain('TimeoutError');
  });
});
