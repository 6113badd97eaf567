// One page of conversations as a table; each id is a link to the conversation's turns. Kept
// apart from the page's filters and polling so the bench can time exactly this render.

import { h } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { dateTime, seconds } from '../format';
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
              Turns
            </th>
            <th scope="col" class="number">
              Duration
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {conversations.map((conversation) => (
            <tr key={conversation.id}>
              <th scope="row">
                <a href={conversationHref(conversation)} class="id">
                  {conversation.id}
                </a>
              </th>
              <td>{dateTime(conversation.startedAt)}</td>
              <td>{conversation.channel}</td>
              <td>{conversation.environment}</td>
              <td>{conversation.variantName || '—'}</td>
              <td class="words">{firstWords(conversation)}</td>
              <td class="number">{conversation.numTurns}</td>
              <td class="number">{seconds(conversation.totalDuration)}</td>
              <td>
                <Badge value={conversation.inProgress ? 'in progress' : 'finished'} />
                {conversation.handoff ? <Badge value="handoff" /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
