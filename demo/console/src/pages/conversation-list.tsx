// One page of conversations as a table; each id is a link to the conversation's turns. Kept
// apart from the page's filters and polling so the bench can time exactly this render.

import { h } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { dateTime, seconds } from '../format';
import { visitorTurns } from '../listing';
import type { Conversation } from '../platform-api';
import { href } from '../route';
import { Badge, Scroll } from '../status';

export function conversationHref(conversation: Pick<Conversation, 'id' | 'startedAt' | 'environment'>): string {
  return href(['conversation', conversation.id], { at: conversation.startedAt, env: conversation.environment });
}

function firstWords(conversation: Conversation): string {
  const said = conversation.turns.find((turn) => turn.userInput !== '')?.userInput ?? '';
  return said.length > 80 ? `${said.slice(0, 79)}…` : said;
}

/** A conversation still in progress: a dot for the eye, words for everyone ("live" alone is an environment). */
function LiveMarker() {
  return (
    <span class="badge badge-live">
      <span class="live-dot" aria-hidden="true" />
      live now
    </span>
  );
}

export function ConversationTable({ conversations }: { conversations: readonly Conversation[] }) {
  useLayoutEffect(() => {
    performance.mark('console:conversations-rendered');
    // A message posted from a frame callback arrives once that frame is painted.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => performance.mark('console:conversations-painted');
      channel.port2.postMessage(undefined);
    });
  }, [conversations]);
  return (
    <Scroll label="Conversations">
      <table class="list">
        <thead>
          <tr>
            <th scope="col">Conversation</th>
            <th scope="col">Started</th>
            <th scope="col">Channel</th>
            <th scope="col">Environment</th>
            <th scope="col">Variant</th>
            <th scope="col">Visitor's first words</th>
            <th scope="col" class="number">
              Visitor turns
            </th>
            <th scope="col" class="number">
              Duration
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {conversations.map((conversation) => {
            const spoken = visitorTurns(conversation);
            return (
              <tr key={conversation.id} class={spoken === 0 ? 'greeting-only' : undefined}>
                <th scope="row">
                  <a href={conversationHref(conversation)} class="id">
                    {conversation.id}
                  </a>
                </th>
                <td>{dateTime(conversation.startedAt)}</td>
                <td>{conversation.channel}</td>
                <td>{conversation.environment}</td>
                <td>{conversation.variantName || '—'}</td>
                <td class="words">{spoken === 0 ? <span class="quiet">greeting only</span> : firstWords(conversation)}</td>
                <td class="number">{spoken}</td>
                <td class="number">{seconds(conversation.totalDuration)}</td>
                <td>
                  {conversation.inProgress ? <LiveMarker /> : <Badge value="finished" />}
                  {conversation.handoff ? <Badge value="handoff" /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scroll>
  );
}
