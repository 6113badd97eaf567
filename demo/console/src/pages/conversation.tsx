// One conversation: what it was (channel, environment, variant, durations, handoff, state) and
// its turns — the visitor's words, the agent's answer, when each came, the latency and what the
// agent understood. Read again every 2 s while it is in progress.

import { Fragment, h } from 'preact';
import { clock, dateTime, millis, seconds } from '../format';
import { type Conversation, fetchConversation, type Turn } from '../platform-api';
import { href } from '../route';
import { Badge, LiveStatus } from '../status';
import { usePolling } from '../use-polling';
import { TurnWords } from './turn-words';

export function ConversationPage({ id, params }: { id: string; params: URLSearchParams }) {
  const startedAt = params.get('at') ?? '';
  const environment = params.get('env') ?? 'live';
  const polled = usePolling((signal) => fetchConversation(id, startedAt, environment, signal), `${id}|${startedAt}|${environment}`);
  const conversation = polled.data;
  return (
    <article aria-labelledby="conversation-title">
      <p>
        <a href={href(['conversations'])}>All conversations</a>
      </p>
      <h1 id="conversation-title">
        Conversation <span class="id">{id}</span>
      </h1>
      <LiveStatus polled={polled} what="the conversation" />
      {conversation ? <ConversationDetail conversation={conversation} /> : null}
    </article>
  );
}

function ConversationDetail({ conversation }: { conversation: Conversation }) {
  const stateEntries = Object.entries(conversation.state);
  return (
    <>
      <dl class="facts">
        <dt>State</dt>
        <dd>
          <Badge value={conversation.inProgress ? 'in progress' : 'finished'} />
        </dd>
        <dt>Started</dt>
        <dd>{dateTime(conversation.startedAt)}</dd>
        <dt>Channel</dt>
        <dd>{conversation.channel}</dd>
        <dt>Environment</dt>
        <dd>{conversation.environment}</dd>
        <dt>Variant</dt>
        <dd>{conversation.variantName || '—'}</dd>
        <dt>Turns</dt>
        <dd>{conversation.numTurns}</dd>
        <dt>Duration</dt>
        <dd>
          {seconds(conversation.totalDuration)} (service {seconds(conversation.serviceDuration)})
        </dd>
        <dt>Handoff</dt>
        <dd>
          {conversation.handoff
            ? `Yes: ${conversation.handoffReason || 'no reason'} → ${conversation.handoffDestination || 'no destination'}`
            : 'No'}
        </dd>
        {conversation.fromNumber || conversation.toNumber ? (
          <>
            <dt>Numbers</dt>
            <dd>
              {conversation.fromNumber || '—'} → {conversation.toNumber || '—'}
            </dd>
          </>
        ) : null}
      </dl>
      <h2>Turns</h2>
      {conversation.turns.length === 0 ? (
        <p>{conversation.numTurns > 0 ? 'The project does not share transcripts: the turns are hidden.' : 'No turn yet.'}</p>
      ) : (
        <ol class="turns">
          {conversation.turns.map((turn, index) => (
            // Turns have no id of their own; their position is their identity (they are only appended).
            <TurnItem key={index} turn={turn} number={index + 1} />
          ))}
        </ol>
      )}
      <h2>Conversation state</h2>
      {stateEntries.length === 0 ? (
        <p>Nothing stored.</p>
      ) : (
        <dl class="facts state">
          {stateEntries.map(([key, value]) => (
            <div key={key} class="fact">
              <dt>{key}</dt>
              <dd>
                <code>{typeof value === 'string' ? value || '""' : JSON.stringify(value)}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

function TurnItem({ turn, number }: { turn: Turn; number: number }) {
  const flags = [turn.bargeIn && 'barge-in', turn.isOod && 'out of domain', turn.isSilence && 'silence'].filter(
    (flag): flag is string => typeof flag === 'string',
  );
  return (
    <li class="turn">
      <h3 class="visually-hidden">Turn {number}</h3>
      {turn.userInput !== '' || turn.isSilence ? (
        <div class="said user">
          <p class="who">
            Visitor <time dateTime={turn.userAt}>{clock(turn.userAt)}</time>
          </p>
          {turn.userInput === '' ? <p class="words">(silence)</p> : <TurnWords text={turn.userInput} />}
        </div>
      ) : (
        <p class="who">Start of the conversation</p>
      )}
      <div class="said agent">
        <p class="who">
          Agent <time dateTime={turn.agentAt}>{clock(turn.agentAt)}</time>
        </p>
        <p class="words">{turn.agentResponse || '(no answer)'}</p>
      </div>
      <p class="turn-facts">
        <span>Latency {millis(turn.latencyMs)}</span>
        {turn.intents.length > 0 ? <span>Intents: {turn.intents.join(', ')}</span> : null}
        {flags.map((flag) => (
          <Badge key={flag} value={flag} />
        ))}
      </p>
    </li>
  );
}
