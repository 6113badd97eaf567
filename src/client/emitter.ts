// Host-page events: a mitt-sized emitter. Hand-written rather than mitt because mitt lets a
// throwing listener stop the others: here a throwing listener must not break the widget or the
// other listeners, so its error is rethrown asynchronously (reported like an event handler's).

export type EmitterListener<E> = (event: E) => void;

export interface Emitter<M> {
  on<K extends keyof M>(type: K, listener: EmitterListener<M[K]>): () => void;
  emit<K extends keyof M>(type: K, event: M[K]): void;
  clear(): void;
}

export function createEmitter<M>(): Emitter<M> {
  let all: { [K in keyof M]?: Set<EmitterListener<M[K]>> } = {};
  return {
    on(type, listener) {
      all[type] ??= new Set();
      all[type].add(listener);
      return () => {
        all[type]?.delete(listener);
      };
    },
    emit(type, event) {
      for (const listener of [...(all[type] ?? [])]) {
        try {
          listener(event);
        } catch (err) {
          queueMicrotask(() => {
            throw err;
          });
        }
      }
    },
    clear() {
      all = {};
    },
  };
}
