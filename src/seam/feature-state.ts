// A feature's state (FeatureState): a small store per feature and widget. Shared between the tabs
// of one conversation when the feature asks and the browser can: each change goes to the other
// tabs over a BroadcastChannel named from the conversation (never from the options themselves),
// and a tab that opens later asks the others for the current value.

import type { ChannelLike } from '../contract/tabs-environment';
import type { FeatureState } from './types';

/** The channel of one feature in one conversation, once its name is known (undefined: this tab only). */
export type OpenFeatureChannel = (feature: string) => Promise<ChannelLike | undefined>;

type Message = { kind: 'state'; value: unknown } | { kind: 'hello' };

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && (Reflect.get(data, 'kind') === 'state' || Reflect.get(data, 'kind') === 'hello');

export interface OwnedFeatureState<S> extends FeatureState<S> {
  close(): void;
}

export function createFeatureState<S>(initial: S, share?: { feature: string; open: OpenFeatureChannel }): OwnedFeatureState<S> {
  let value = initial;
  let changed = false;
  let channel: ChannelLike | undefined;
  let closed = false;
  const listeners = new Set<(state: S) => void>();
  const apply = (next: S) => {
    value = next;
    for (const listener of listeners) listener(value);
  };
  if (share) {
    void share.open(share.feature).then((opened) => {
      if (closed) return opened?.close();
      channel = opened;
      channel?.addEventListener('message', ({ data }) => {
        if (!isMessage(data)) return;
        // Another tab's value is the feature's own (this tab posted the same shape): taken as it is.
        if (data.kind === 'state') apply(data.value as S);
        else if (changed) channel?.postMessage({ kind: 'state', value });
      });
      channel?.postMessage({ kind: 'hello' });
    });
  }
  return {
    get: () => value,
    set(next) {
      changed = true;
      apply(typeof next === 'function' ? (next as (previous: S) => S)(value) : next);
      channel?.postMessage({ kind: 'state', value });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      channel?.close();
    },
  };
}
