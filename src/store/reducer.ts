// The only way the store changes. Pure and total: any action on any valid state gives a valid
// state, and an action that changes nothing returns the same state object.
//
// One action works on a copy of the state: top-level fields are replaced, never mutated in place;
// `items`, `appliedIds` and `chunks` are copied at most once per action (a 5,000-event replay copies
// them once, not 5,000 times). Items are looked up by key through an index built on first use, and
// sorted once at the end (PROTOCOL §6.2 order: see order.ts).
//
// Out-of-order delivery converges: every "latest wins" field remembers the sequence of the event
// that set it (ReducerMarks), so an older event arriving late cannot undo a newer one.

import type { ServerEvent } from '../protocol/types';
import { ensureSorted } from './order';
import { isApplied } from './selectors';
import type {
  AgentJoin,
  AgentMessage,
  ChunkAssembly,
  HandoffStage,
  Notice,
  ReducerMarks,
  StoreAction,
  TranscriptItem,
  UserMessageStatus,
  WebchatState,
} from './state';
import { createInitialState } from './state';

type Work = WebchatState & { marks: ReducerMarks };
/** Marks that follow "latest by sequence wins". */
type SequencedMark = 'typing' | 'handoff' | 'language' | 'capabilities' | 'suggestions';
type Of<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;
/** What a server event does, by its type without the `EVENT_TYPE_` prefix. */
type Handlers = {
  [T in ServerEvent['type'] as T extends `EVENT_TYPE_${infer Name}` ? Name : never]?: (event: Of<T>, sequence: number | null) => unknown;
};

/** Never mutated: marks are replaced, field by field, by spreading. */
const INITIAL_MARKS: ReducerMarks = { typing: -1, handoff: -1, language: -1, capabilities: -1, suggestions: -1, joins: [] };

/**
 * The key index of an items array, kept for the next action (which extends it instead of indexing
 * every item again: a replay in many batches, a new message on a long transcript). Handed over:
 * the action that takes it removes it, so a state reduced twice never sees the other's changes.
 */
const indexes = new WeakMap<readonly TranscriptItem[], { keys: Map<string, number>; messageIds: Map<string, number> }>();

/** How many ids the recent tier of `appliedIds` holds before it folds into the base. */
const RECENT_IDS = 128;

/** A writable copy without a prototype, so any id from the wire ("__proto__" included) is a plain key. */
const ownCopy = <T>(record: Record<string, T>): Record<string, T> => Object.assign(Object.create(null), record);

/** The latest service (or live) join before `before`; for a live agent, preferably the one with that id. */
function joinBefore(joins: readonly AgentJoin[], before: number, live: boolean, agentId?: string): AgentJoin | undefined {
  let anyJoin: AgentJoin | undefined;
  for (let index = joins.length; index--; ) {
    const join = joins[index]!;
    if (join.sequence >= before || join.live !== live) continue;
    if (!agentId || join.agent.id === agentId) return join;
    anyJoin ??= join;
  }
  return anyJoin;
}

/** Where an item stands among the joins: after every join with a lower sequence (or the one it was anchored to). */
const positionOf = ({ sequence, afterSequence }: TranscriptItem) =>
  sequence !== undefined ? sequence - 0.5 : afterSequence === undefined ? Infinity : afterSequence + 0.5;

/**
 * Who wrote a message: the (service or live) agent whose join came before it; "<name> left": the
 * live agent who had joined before the notice. The same object when unchanged.
 */
function withAuthor<T extends TranscriptItem>(item: T, joins: readonly AgentJoin[]): T {
  if (item.kind === 'user') return item;
  if (item.kind === 'system') {
    const { notice } = item;
    if (notice.code !== 'live-agent-left') return item;
    const name = joinBefore(joins, positionOf(item), true)?.agent.name || undefined;
    return notice.name === name ? item : { ...item, notice: { code: 'live-agent-left', name } };
  }
  const agent = joinBefore(joins, positionOf(item), item.kind === 'live-agent', item.agentId)?.agent;
  const authorName = agent?.name || undefined;
  const avatarUrl = agent?.avatarUrl;
  return item.authorName === authorName && item.avatarUrl === avatarUrl ? item : { ...item, authorName, avatarUrl };
}

/**
 * The item with the waiting parts that now follow its text appended (up to the last chunk), and
 * those parts taken out of `assembly` (this action's own copy): each chunk's text is added once,
 * so a long reply costs its length, not its length squared.
 */
function assembled(item: AgentMessage, assembly: ChunkAssembly): AgentMessage {
  let { text, attachments, suggestions } = item;
  const { parts, lastIndex = Infinity } = assembly;
  for (let part = parts[assembly.through + 1]; part && assembly.through < lastIndex; part = parts[assembly.through + 1]) {
    delete parts[++assembly.through];
    text += part.text;
    if (part.attachments.length) attachments = [...attachments, ...part.attachments];
    if (part.suggestions.length) suggestions = [...suggestions, ...part.suggestions];
  }
  const streaming = assembly.through < lastIndex;
  return text === item.text && streaming === item.streaming && attachments === item.attachments && suggestions === item.suggestions
    ? item
    : { ...item, text, attachments, suggestions, streaming };
}

export function reduce(state: WebchatState, action: StoreAction): WebchatState {
  if (action.type === 'reset') {
    // A new session: nothing of the old one survives but the connection status (and its error).
    const next: WebchatState = { ...createInitialState(), status: state.status, error: state.error };
    if (!state.error) delete next.error;
    return !state.items.length && !state.appliedIds.base.size && JSON.stringify(state) === JSON.stringify(next) ? state : next;
  }
  if (action.type === 'server-events' && !action.events.length) return state;

  const draft: Work = { ...state, items: state.items.slice(), marks: state.marks ?? INITIAL_MARKS };
  const { items } = draft;

  // — Items by key (keys are unique in the transcript) and user messages by message_id, indexed on
  // first lookup, or taken over from the action that made `state` (see `indexes`).
  const taken = indexes.get(state.items);
  indexes.delete(state.items);
  let keys = taken?.keys;
  const messageIds = taken?.messageIds ?? new Map<string, number>();
  const index = (item: TranscriptItem, position: number) => {
    keys?.set(item.key, position);
    if (item.kind === 'user' && item.messageId !== undefined) messageIds.set(item.messageId, position);
  };
  const lookup = () => {
    if (!keys) {
      keys = new Map();
      items.forEach(index);
    }
    return keys;
  };
  /** An absent id finds nothing. */
  const get = (key: string | undefined, byMessageId?: boolean): TranscriptItem | undefined =>
    key === undefined ? undefined : items[(byMessageId ? lookup() && messageIds.get(key) : lookup().get(key))!];
  // Indexed now when the index exists; otherwise lookup() indexes it with the rest.
  const add = (item: TranscriptItem) => index(item, items.push(item) - 1);
  /** Replaces the item with the same key. */
  const put = (item: TranscriptItem) => {
    const position = lookup().get(item.key);
    if (position === undefined) return;
    items[position] = item;
    index(item, position);
  };

  const mark = (patch: Partial<ReducerMarks>) => {
    draft.marks = { ...draft.marks, ...patch };
  };
  /**
   * May an event with this sequence set `field`? Only if it is newer than the event that set it
   * last, so a late, older event never undoes a newer one. An event without a sequence is "now".
   */
  const claim = (field: SequencedMark, sequence: number | null) => {
    const current = draft.marks[field];
    if (sequence !== null && !(sequence > current)) return false;
    const now = sequence ?? draft.lastSequence;
    if (now > current) mark({ [field]: now });
    return true;
  };
  /** Where an item goes: at its sequence, or (without one) right after the newest applied event. */
  const placedAt = (sequence: number | null) => (sequence === null ? { afterSequence: draft.lastSequence } : { sequence });
  /** A message not placed yet (pending, last) is placed where it counts as sent: after the newest applied event. */
  const placedIfPending = (item: TranscriptItem) => (item.sequence === undefined && item.afterSequence === undefined ? placedAt(null) : {});

  const addNotice = (key: string, notice: Notice, sequence: number | null, timestamp: string) => {
    if (!get(key)) add({ kind: 'system', key, notice, timestamp, ...placedAt(sequence) });
  };
  const setTyping = (sequence: number | null, typing: WebchatState['typing']) => {
    const current = draft.typing;
    if (claim('typing', sequence) && (!typing || !current || current.who !== typing.who || current.name !== typing.name))
      draft.typing = typing;
  };
  /** Shows the suggestions of message `from` (later chunks of it may add more); the claim is the caller's. */
  const setSuggestions = (suggestions: AgentMessage['suggestions'], from?: string) => {
    if (suggestions.length || draft.suggestions.length) draft.suggestions = suggestions;
    if (draft.marks.suggestionsFrom !== from) mark({ suggestionsFrom: from });
  };
  /** What the user sends clears the suggestions. */
  const clearSuggestions = (sequence: number | null) => claim('suggestions', sequence) && setSuggestions([]);
  /** Keeps joins sorted by sequence (stable: equal sequences in arrival order); the latest one is the current agent. */
  const addJoin = (join: AgentJoin) => {
    const joins = [...draft.marks.joins, join].sort((earlier, later) => earlier.sequence - later.sequence);
    mark({ joins });
    const latest = joinBefore(joins, Infinity, join.live);
    if (latest?.live) draft.liveAgent = latest.agent;
    else if (latest) draft.agent = latest.agent;
  };

  /** Moves a user message to `to`, only from `from` (any other status when not given). */
  const move = (clientEventId: string, to: UserMessageStatus, from?: UserMessageStatus) => {
    const item = get(clientEventId);
    if (item?.kind === 'user' && item.status !== to && (!from || item.status === from)) {
      // No echo brings a sequence on REST: a message confirmed without one is placed where it was confirmed.
      put({ ...item, status: to, ...(to === 'sent' && placedIfPending(item)) });
    }
  };

  /**
   * A whole message, or a chunk of a streamed one (PROTOCOL §5): chunk parts are kept by
   * chunk_index and the item's text is rebuilt from the parts contiguous from 1, so any arrival
   * order and any duplication give one text. A complete message leaves `chunks`.
   */
  const applyAgentMessage = (
    event: Of<'EVENT_TYPE_SERVICE_AGENT_MESSAGE' | 'EVENT_TYPE_LIVE_AGENT_MESSAGE' | 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK'>,
    sequence: number | null,
  ) => {
    const { messageId, timestamp } = event;
    const found = get(messageId);
    const live = event.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE';
    const isChunk = event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK';
    let item: AgentMessage =
      found?.kind === 'agent' || found?.kind === 'live-agent'
        ? found
        : {
            kind: live ? 'live-agent' : 'agent',
            key: messageId,
            messageId,
            agentId: live ? event.agentId : undefined,
            // A streamed message grows from nothing, part by part.
            text: isChunk ? '' : event.text,
            attachments: isChunk ? [] : event.attachments,
            suggestions: isChunk ? [] : event.suggestions,
            streaming: isChunk,
            timestamp,
            ...placedAt(sequence),
          };
    if (isChunk) {
      const { chunks } = draft;
      const assembly = Object.hasOwn(chunks, messageId) ? chunks[messageId] : undefined;
      const index = event.chunkIndex;
      // Already whole, the key taken by another item, or this part already in.
      if (found && (!assembly || item !== found)) return;
      if (assembly && (index <= assembly.through || Object.hasOwn(assembly.parts, index) || index > (assembly.lastIndex ?? Infinity)))
        return;
      // Two different "last" chunks would be a server bug; the lower one wins in every arrival order.
      const lastIndex = event.isComplete ? Math.min(assembly?.lastIndex ?? index, index) : assembly?.lastIndex;
      const next: ChunkAssembly = { through: assembly?.through ?? 0, parts: { ...assembly?.parts, [index]: event }, lastIndex };
      if (chunks === state.chunks) draft.chunks = ownCopy(chunks);
      draft.chunks[messageId] = next;
      // The message sits where its earliest chunk does, whichever chunk came first.
      if (found && sequence !== null && sequence < (item.sequence ?? Infinity))
        item = { ...item, sequence, timestamp, afterSequence: undefined };
      item = assembled(item, next);
      if (!item.streaming) delete draft.chunks[messageId];
    } else if (found) {
      // One message_id is shown once, however many events carry it.
      return;
    }
    // Named after the join before it; a new one counts for the unread badge.
    (found ? put : add)(withAuthor(item, draft.marks.joins));
    if (!found) draft.agentMessageCount++;
    setTyping(sequence, null);
    if (claim('suggestions', sequence) || draft.marks.suggestionsFrom === messageId) setSuggestions(item.suggestions, messageId);
  };

  /**
   * The server's copy of a user message (§6.5): the local `sending` item becomes `sent` and moves to
   * its sequence; without a local item (another tab, a reload) the echo itself becomes the item.
   */
  const applyUserEcho = (event: Of<'EVENT_TYPE_USER_MESSAGE'>, sequence: number | null) => {
    const { id, clientEventId, messageId, timestamp } = event;
    const byId = get(clientEventId);
    const byMessageId = get(messageId, true);
    const found = byId?.kind === 'user' ? byId : byMessageId?.kind === 'user' ? byMessageId : undefined;
    if (found) {
      // Duplicated echoes (distinct ids) converge on the earliest one, whatever order they arrive in.
      const earliest = sequence !== null && (found.sequence === undefined || sequence < found.sequence);
      const first = earliest || found.eventId === undefined;
      put({
        ...found,
        status: 'sent',
        eventId: first ? id : found.eventId,
        timestamp: first && timestamp ? timestamp : found.timestamp,
        messageId: found.messageId ?? messageId,
        // Sent, so no longer "pending, last": placed at its sequence, or where the echo came.
        ...(earliest ? { sequence, afterSequence: undefined } : placedIfPending(found)),
      });
    } else {
      const key = clientEventId ?? id;
      if (get(key)) return;
      add({
        kind: 'user',
        key,
        clientEventId: key,
        text: event.text,
        status: 'sent',
        messageId,
        eventId: id,
        timestamp,
        ...placedAt(sequence),
      });
    }
    clearSuggestions(sequence);
  };

  // — Server events. Each may leave a notice at its sequence and move the handoff stage (the
  // newest by sequence wins). A join (or a "left" notice) may name items applied before it: those
  // are renamed once at the end.
  let notice: Notice | undefined;
  let handoff: WebchatState['handoff'] | undefined;
  let rename = false;
  const stage = (code: 'handoff-started' | 'handoff-accepted' | 'handoff-failed' | 'handoff-timeout', to: HandoffStage) => {
    notice = { code };
    handoff = { stage: to };
  };
  const handlers: Handlers = {
    SESSION_START: (event, sequence) => {
      if (claim('capabilities', sequence)) draft.capabilities = event.capabilities;
    },
    SERVICE_AGENT_JOINED: (event, sequence) => {
      draft.agentJoined = rename = true;
      addJoin({ sequence: sequence ?? draft.lastSequence, live: false, agent: { name: event.agentName, avatarUrl: event.agentAvatarUrl } });
    },
    SERVICE_AGENT_THINKING: (_, sequence) => draft.ended || setTyping(sequence, { who: 'agent', name: draft.agent?.name || undefined }),
    SERVICE_AGENT_MESSAGE: applyAgentMessage,
    LIVE_AGENT_MESSAGE: applyAgentMessage,
    SERVICE_AGENT_MESSAGE_CHUNK: applyAgentMessage,
    SERVICE_AGENT_LEFT: (_, sequence) => draft.typing?.who === 'agent' && setTyping(sequence, null),
    SERVICE_AGENT_TRIGGERED_HANDOFF: () => stage('handoff-started', 'started'),
    HANDOFF_ACCEPTED: () => stage('handoff-accepted', 'started'),
    // Updates in place (periodic): no transcript item.
    HANDOFF_QUEUE_STATUS: ({ queueName, positionInQueue, estimatedWaitSeconds }) =>
      (handoff = { stage: 'queued', queue: { queueName, positionInQueue, estimatedWaitSeconds } }),
    HANDOFF_FAILED: () => stage('handoff-failed', 'failed'),
    HANDOFF_TIMEOUT: () => stage('handoff-timeout', 'timeout'),
    CLIENT_HANDOFF_REQUIRED: ({ reason, queueName }) => {
      notice = { code: 'client-handoff', reason, queueName };
      handoff = { stage: 'client-required', reason, ...(queueName !== undefined && { queue: { queueName } }) };
    },
    LIVE_AGENT_JOINED: ({ agent }, sequence) => {
      addJoin({ sequence: sequence ?? draft.lastSequence, live: true, agent });
      notice = { code: 'live-agent-joined', name: agent.name };
      handoff = { stage: 'live-agent-joined' };
      rename = true;
    },
    LIVE_AGENT_LEFT: (_, sequence) => {
      // Named after the join before it, by the renaming at the end.
      notice = { code: 'live-agent-left' };
      handoff = { stage: 'live-agent-left' };
      rename = true;
      setTyping(sequence, null);
    },
    LIVE_AGENT_TYPING: (event, sequence) => {
      if (draft.ended) return;
      if (event.state === 'TYPING_STATE_STARTED')
        setTyping(sequence, {
          who: 'live-agent',
          name: joinBefore(draft.marks.joins, Infinity, true, event.agentId)?.agent.name || undefined,
        });
      else if (draft.typing?.who === 'live-agent') setTyping(sequence, null);
    },
    // Input closes (the REST conversation's end comes as one too); unsent messages can only be retried.
    SESSION_END: ({ reason }, sequence) => {
      claim('typing', sequence);
      draft.typing = null;
      draft.status = 'ended';
      if (draft.ended) return;
      notice = { code: 'session-ended', reason };
      draft.ended = { reason };
      for (const item of items) if (item.kind === 'user' && item.status === 'sending') put({ ...item, status: 'failed' });
    },
    SYSTEM_MESSAGE: ({ level, message }) => {
      notice = { code: 'system', level, message };
    },
    LANGUAGE_CHANGED: (event, sequence) => {
      if (claim('language', sequence)) draft.language = event.languageCode;
    },
    USER_MESSAGE: applyUserEcho,
  };

  /**
   * Where this action records the ids it applies: its copy of the recent tier, or — folding costs
   * a copy of every id, so once per RECENT_IDS new ids, not per frame — its copy of base.
   */
  let newIds: string[] | Set<string> | undefined;
  switch (action.type) {
    case 'server-events':
      if (action.history) draft.restored = (state.restored ?? 0) + 1;
      for (const event of action.events) {
        if (isApplied(draft, event.id)) continue;
        if (!newIds) {
          // The first new id: this action's own copy of one tier. When its events would overflow
          // the recent tier, recent folds into a copy of base now and they all go there.
          const { base, recent } = state.appliedIds;
          if (recent.length + action.events.length > RECENT_IDS) {
            const folded = new Set(base);
            for (const id of recent) folded.add(id);
            newIds = folded;
            draft.appliedIds = { base: folded, recent: [] };
          } else {
            const copied = [...recent];
            newIds = copied;
            draft.appliedIds = { base, recent: copied };
          }
        }
        if (Array.isArray(newIds)) newIds.push(event.id);
        else newIds.add(event.id);
        // The parser only lets integers through; anything else is treated as "not in the history".
        const sequence = Number.isSafeInteger(event.sequence) ? event.sequence : null;
        if (sequence !== null && sequence > draft.lastSequence) draft.lastSequence = sequence;
        notice = handoff = undefined;
        // Echoes of what this client sent other than messages are recorded as applied, nothing to
        // show. A join REQUEST is not a join: only SERVICE_AGENT_JOINED sets agentJoined.
        (handlers[event.type.slice(11) as keyof Handlers] as ((event: ServerEvent, sequence: number | null) => void) | undefined)?.(
          event,
          sequence,
        );
        if (notice) addNotice(`sys:${event.id}`, notice, sequence, event.timestamp);
        if (handoff && claim('handoff', sequence)) draft.handoff = handoff;
      }
      if (rename) for (const item of items) put(withAuthor(item, draft.marks.joins));
      break;
    case 'user-send': {
      const { clientEventId, text, timestamp } = action;
      if (get(clientEventId)) break; // sent twice, or its echo came first
      // After the end nothing can be delivered; the message is kept, as failed.
      add({ kind: 'user', key: clientEventId, clientEventId, text, status: draft.ended ? 'failed' : 'sending', timestamp });
      clearSuggestions(null);
      break;
    }
    case 'user-failed':
      move(action.clientEventId, 'failed', 'sending');
      break;
    case 'user-retry':
      if (!draft.ended) move(action.clientEventId, 'sending', 'failed');
      break;
    case 'user-sent':
      move(action.clientEventId, 'sent');
      break;
    case 'status': {
      // `ended` sticks until `reset`: a socket closing after SESSION_END must not revive the composer.
      const { status, error } = action;
      if (draft.ended && status !== 'ended') break;
      draft.status = status;
      if (error) {
        if (draft.error?.code !== error.code || draft.error.message !== error.message) draft.error = error;
      } else if (status === 'online' || status === 'connecting') draft.error = undefined;
      break;
    }
    case 'typing':
      if (!action.typing || !draft.ended) setTyping(null, action.typing);
      break;
    case 'notice':
      // No event id names it: keyed by its position (the transcript only grows until `reset`).
      addNotice(`local:${items.length}`, action.notice, null, action.timestamp);
  }

  // Unchanged items keep their array; optional fields set to undefined are removed, so "cleared"
  // looks like "never set"; an action that changed nothing returns the very same state.
  const sorted = ensureSorted(items);
  if (items.length === state.items.length && items.every((item, position) => item === state.items[position])) draft.items = state.items;
  // Positions still hold unless the items moved.
  if (keys && !sorted) indexes.set(draft.items, { keys, messageIds });
  const draftFields = draft as unknown as Record<string, unknown>;
  const base = state as unknown as Record<string, unknown>;
  for (const key in draftFields) if (draftFields[key] === undefined || draftFields[key] === INITIAL_MARKS) delete draftFields[key];
  return Object.keys({ ...state, ...draft }).some((key) => draftFields[key] !== base[key]) ? draft : state;
}
