// An in-memory Web Locks manager for one "browser": exclusive locks, granted in request order,
// `ifAvailable` and `signal` as the API has them. Releasing is resolving the callback's promise.

import type { LockManagerLike } from '../../contract/tabs-environment';

interface Waiter {
  callback: (lock: unknown) => Promise<unknown>;
  settle: (value: unknown) => void;
}

export function createFakeLocks(): LockManagerLike & { holderCount(name: string): number } {
  const held = new Set<string>();
  const queues = new Map<string, Waiter[]>();

  const grant = (name: string, waiter: Waiter) => {
    held.add(name);
    void Promise.resolve(waiter.callback({ name })).then((value) => {
      held.delete(name);
      waiter.settle(value);
      const next = queues.get(name)?.shift();
      if (next) grant(name, next);
    });
  };

  return {
    request(name, options, callback) {
      return new Promise((settle, reject) => {
        if (held.has(name)) {
          if (options.ifAvailable) {
            void Promise.resolve(callback(null)).then(settle);
            return;
          }
          const waiter = { callback, settle };
          const queue = queues.get(name) ?? [];
          queue.push(waiter);
          queues.set(name, queue);
          options.signal?.addEventListener('abort', () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
          return;
        }
        grant(name, { callback, settle });
      });
    },
    holderCount: (name) => (held.has(name) ? 1 : 0),
  };
}
