// The visitor's earlier conversations, through the site's history endpoint (CONTRACT.md, "Site
// backend: historyUrl"): the list, one conversation's turns, "forget me". Nothing of it is kept
// in the browser beyond this page's memory: a reload asks the site again.

import { type ConversationSummary, parseConversationList, parseConversationTurns, type SiteTurn } from '../../protocol/site-history';

/** What the history view shows in place of the live transcript. */
export type HistoryPage =
  | { kind: 'closed' }
  | { kind: 'list'; confirming: boolean }
  | { kind: 'conversation'; summary: ConversationSummary; turns?: SiteTurn[] };

export interface HistoryView {
  /** Newest first; empty until the site answered (and after "forget"). */
  conversations: readonly ConversationSummary[];
  page: HistoryPage;
  /** A request is under way (a conversation's turns, "forget"). */
  busy: boolean;
  /** The last request failed: the view says so and offers to try again. */
  failed: boolean;
  /** "Forget my conversations" went through. */
  forgotten: boolean;
}

export interface HistorySession {
  view(): HistoryView;
  subscribe(listener: () => void): () => void;
  /** Asks the site for the list (again: after a conversation ended, it is one of them). */
  load(): Promise<void>;
  open(): void;
  /** Back to the live chat from any page. */
  close(): void;
  /** One page back: from a conversation to the list, from the list to the live chat. */
  back(): void;
  openConversation(summary: ConversationSummary): Promise<void>;
  askToForget(confirming: boolean): void;
  forget(): Promise<void>;
  destroy(): void;
}

export function createHistorySession(url: string, fetcher: typeof fetch): HistorySession {
  const base = url.replace(/\/+$/, '');
  const listeners = new Set<() => void>();
  let view: HistoryView = { conversations: [], page: { kind: 'closed' }, busy: false, failed: false, forgotten: false };
  let destroyed = false;
  let latest = 0;

  const update = (change: Partial<HistoryView>) => {
    if (destroyed) return;
    view = { ...view, ...change };
    for (const listener of listeners) listener();
  };

  /** The parsed body of a successful answer; undefined for a failed one (network, 4xx, 5xx, not JSON). */
  const read = async <T>(path: string, parse: (body: unknown) => T | undefined, init?: RequestInit): Promise<T | undefined> => {
    try {
      const response = await fetcher(base + path, { credentials: 'same-origin', cache: 'no-store', ...init });
      if (!response.ok) return undefined;
      return parse(response.status === 204 ? {} : await response.json());
    } catch {
      return undefined;
    }
  };

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      const request = ++latest;
      const conversations = await read('', parseConversationList);
      // An older answer that arrives after a newer one (or after "forget") says nothing new.
      if (conversations && request === latest) update({ conversations });
    },
    open: () => update({ page: { kind: 'list', confirming: false }, failed: false }),
    close: () => update({ page: { kind: 'closed' }, failed: false }),
    back: () =>
      update({ page: view.page.kind === 'conversation' ? { kind: 'list', confirming: false } : { kind: 'closed' }, failed: false }),
    async openConversation(summary) {
      update({ page: { kind: 'conversation', summary }, busy: true, failed: false });
      const found = await read(`/${encodeURIComponent(summary.id)}`, parseConversationTurns);
      const page = view.page;
      // The visitor went back meanwhile: the answer is not shown.
      if (page.kind !== 'conversation' || page.summary !== summary) return;
      update(found ? { page: { ...page, turns: found.turns }, busy: false } : { busy: false, failed: true });
    },
    askToForget: (confirming) => update({ page: { kind: 'list', confirming }, failed: false }),
    async forget() {
      update({ busy: true, failed: false });
      latest += 1;
      const done = await read('', () => true, { method: 'DELETE' });
      update(
        done
          ? { busy: false, conversations: [], forgotten: true, page: { kind: 'list', confirming: false } }
          : { busy: false, failed: true },
      );
    },
    destroy() {
      destroyed = true;
      listeners.clear();
    },
  };
}
