import type { WorkersThreadData, WorkersThreadReply, WorkersThreadRequest } from '#infra/local/workers-thread-entry.ts';
import { typeScriptThread } from '#shared/typescript-thread.ts';

/**
 * `LOCAL_WORKERS` on a thread of their own, as AWS runs the relay, the bus, the pollers, the schedules and the
 * chain functions apart from the API's Lambdas: a route's latency then does not include what a worker does at that
 * moment. The thread builds its own deps from a copy of `process.env` taken when it starts (node's default), so
 * everything `npm start` sets before this call reaches it, and what the events worker sets there (its bus and queue
 * endpoints, which only the relay and the sender read) stays there.
 */
export type WorkersThread = {
  notes: string[];
  /** Stops the workers in reverse order, waits for the thread to say so, then ends it. */
  stop: () => Promise<void>;
};

export function startWorkersThread(
  data: WorkersThreadData,
  /** Called once if the thread fails after it started (an uncaught error, or an exit nobody asked for). */
  onCrash: (error: Error) => void,
): Promise<WorkersThread> {
  const thread = typeScriptThread(new URL('./workers-thread-entry.ts', import.meta.url), data);
  let phase: 'starting' | 'running' | 'stopping' | 'ended' = 'starting';
  let stopped: (() => void) | undefined;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      if (phase === 'ended') return;
      const was = phase;
      phase = 'ended';
      if (was === 'starting') reject(error);
      else if (was === 'running') onCrash(error);
      else {
        process.stderr.write(`The workers' thread failed while stopping: ${error.message}\n`);
        stopped?.();
      }
    };
    thread.on('error', (error) => fail(error));
    thread.on('exit', (code) => fail(new Error(`the workers' thread exited (code ${code})`)));
    thread.on('message', (reply: WorkersThreadReply) => {
      if (reply.kind === 'failed') {
        fail(new Error(reply.error));
        void thread.terminate();
      } else if (reply.kind === 'stopped') stopped?.();
      else if (phase === 'starting') {
        phase = 'running';
        resolve({
          notes: reply.notes,
          stop: async () => {
            if (phase !== 'running') return;
            phase = 'stopping';
            await new Promise<void>((done) => {
              stopped = done;
              thread.postMessage('stop' satisfies WorkersThreadRequest);
            });
            phase = 'ended';
            await thread.terminate();
          },
        });
      }
    });
  });
}
