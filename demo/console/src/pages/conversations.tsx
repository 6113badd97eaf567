// Conversations: filters and search in the address, newest first (the v3 API answers oldest
// first, so every page of the query is read and turned around), read again every 2 s so a
// conversation running now appears and grows without a reload.

import { Fragment, h } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { fromLocalInput, toLocalInput } from '../format';
import { listing, visitorFilterOf } from '../listing';
import { type ConversationQuery, conversationParams, fetchEveryConversation, MAX_LISTED } from '../platform-api';
import { replaceParams } from '../route';
import { LiveStatus } from '../status';
import { usePolling } from '../use-polling';
import { ConversationTable } from './conversation-list';
import { VariantFilter } from './variant-filter';

export const PAGE_SIZE = 100;

const RANGES: Record<string, { label: string; ms: number }> = {
  '15m': { label: 'Last 15 minutes', ms: 15 * 60_000 },
  '1h': { label: 'Last hour', ms: 3_600_000 },
  '24h': { label: 'Last 24 hours', ms: 86_400_000 },
  '7d': { label: 'Last 7 days', ms: 7 * 86_400_000 },
  '30d': { label: 'Last 30 days', ms: 30 * 86_400_000 },
};

function queryOf(params: URLSearchParams, now = Date.now()): ConversationQuery {
  const progress = params.get('progress');
  // An address naming only a preset (`range=24h`) counts back from when it is opened.
  const preset = RANGES[params.get('range') ?? ''];
  return {
    environment: params.get('env') ?? 'live',
    channel: params.get('channel') ?? '',
    variantId: params.get('variant') ?? '',
    inProgress: progress === 'true' || progress === 'false' ? progress : '',
    from: params.get('from') ?? (preset ? new Date(now - preset.ms).toISOString() : ''),
    to: params.get('to') ?? '',
    search: params.get('q') ?? '',
    mode: params.get('mode') === 'semantic' ? 'semantic' : 'transcript',
  };
}

export function ConversationsPage({ params }: { params: URLSearchParams }) {
  const query = useMemo(() => queryOf(params), [params.toString()]);
  const range = params.get('range') ?? (query.from || query.to ? 'custom' : 'all');
  const apiParams = useMemo(() => conversationParams(query, PAGE_SIZE), [query]);
  const visitor = visitorFilterOf(params.get('visitor'));
  const key = apiParams.toString();
  // The page shown, for this query only: other filters start again at the newest.
  const [paging, setPaging] = useState<{ key: string; page: number }>({ key: '', page: 1 });
  const pageNumber = paging.key === `${key}|${visitor}` ? paging.page : 1;
  const polled = usePolling(async (signal) => {
    const every = await fetchEveryConversation(apiParams, signal);
    // User Timing marks: bench/console.bench.ts times the render from here to the painted table.
    performance.mark('console:conversations-data');
    return every;
  }, key);
  const [draft, setDraft] = useState<string | undefined>(undefined);

  const set = (change: Record<string, string>): void => {
    const next: Record<string, string> = Object.fromEntries(params.entries());
    replaceParams(['conversations'], { ...next, ...change });
  };
  const chooseRange = (value: string): void => {
    const preset = RANGES[value];
    if (preset) set({ range: value, from: new Date(Date.now() - preset.ms).toISOString(), to: '' });
    else if (value === 'all') set({ range: '', from: '', to: '' });
    else set({ range: 'custom', from: query.from || new Date(Date.now() - 3_600_000).toISOString() });
  };

  const every = polled.data;
  const list = every ? listing(every.conversations, visitor, pageNumber, PAGE_SIZE) : undefined;
  const goTo = (page: number): void => setPaging({ key: `${key}|${visitor}`, page });
  return (
    <section>
      <h1 id="conversations-title">Conversations</h1>
      <form
        class="search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: draft ?? query.search });
          setDraft(undefined);
        }}
      >
        <label>
          <span>Search conversations</span>
          <input
            type="search"
            name="q"
            aria-label="Search conversations"
            value={draft ?? query.search}
            onInput={(event) => setDraft(event.currentTarget.value)}
            placeholder="a phrase, or what it was about"
          />
        </label>
        <label>
          <span>Search by</span>
          <select value={query.mode} onChange={(event) => set({ mode: event.currentTarget.value })}>
            <option value="transcript">Words in the transcript</option>
            <option value="semantic">Meaning (semantic)</option>
          </select>
        </label>
        <button type="submit">Search</button>
        {query.search ? (
          <button
            type="button"
            onClick={() => {
              setDraft(undefined);
              set({ q: '' });
            }}
          >
            Clear search
          </button>
        ) : null}
      </form>
      <fieldset class="filters">
        <legend>Filters</legend>
        <label>
          <span>Channel</span>
          <select value={query.channel} onChange={(event) => set({ channel: event.currentTarget.value })}>
            <option value="">All channels</option>
            <option value="WEBCHAT">Webchat</option>
            <option value="CHAT">Chat REST</option>
            <option value="VOICE-SIP">Voice</option>
          </select>
        </label>
        <label>
          <span>Environment</span>
          <select value={query.environment} onChange={(event) => set({ env: event.currentTarget.value })}>
            <option value="live">live</option>
            <option value="pre-release">pre-release</option>
            <option value="sandbox">sandbox</option>
          </select>
        </label>
        <VariantFilter environment={query.environment} value={query.variantId} onChange={(variant) => set({ variant })} />
        <label>
          <span>Progress</span>
          <select value={query.inProgress} onChange={(event) => set({ progress: event.currentTarget.value })}>
            <option value="">In progress or finished</option>
            <option value="true">In progress</option>
            <option value="false">Finished</option>
          </select>
        </label>
        <label>
          <span>Visitor turns</span>
          <select
            value={visitor}
            onChange={(event) => set({ visitor: event.currentTarget.value === 'any' ? '' : event.currentTarget.value })}
          >
            <option value="any">With or without</option>
            <option value="visitor">With visitor turns</option>
            <option value="greeting">Greeting only</option>
          </select>
        </label>
        <label>
          <span>Started</span>
          <select value={range} onChange={(event) => chooseRange(event.currentTarget.value)}>
            <option value="all">Any time</option>
            {Object.entries(RANGES).map(([value, preset]) => (
              <option key={value} value={value}>
                {preset.label}
              </option>
            ))}
            <option value="custom">Between…</option>
          </select>
        </label>
        {range === 'custom' ? (
          <>
            <label>
              <span>From</span>
              <input
                type="datetime-local"
                value={toLocalInput(query.from)}
                onChange={(event) => set({ from: fromLocalInput(event.currentTarget.value) })}
              />
            </label>
            <label>
              <span>To</span>
              <input
                type="datetime-local"
                value={toLocalInput(query.to)}
                onChange={(event) => set({ to: fromLocalInput(event.currentTarget.value) })}
              />
            </label>
          </>
        ) : null}
      </fieldset>
      <LiveStatus polled={polled} what="conversations" />
      {list ? (
        <>
          <p class="count" aria-live="polite">
            {list.total === 0
              ? 'No conversation matches.'
              : `${list.total} conversation${list.total === 1 ? '' : 's'}, ${list.live} live now, newest first; page ${Math.min(pageNumber, list.pages)} of ${list.pages}.`}
            {every?.capped
              ? ` Only the first ${MAX_LISTED.toLocaleString('en')} the API lists were read: narrow the time range to see later ones.`
              : ''}
          </p>
          {list.shown.length > 0 ? <ConversationTable conversations={list.shown} /> : null}
          <nav class="pager" aria-label="Pages">
            <button type="button" disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)}>
              Previous page
            </button>
            <button type="button" disabled={pageNumber >= list.pages} onClick={() => goTo(pageNumber + 1)}>
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
