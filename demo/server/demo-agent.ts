// The scripted service agent: decides synchronously what a client event leads to (so the next
// frame already sees the new state), then queues the timed script on the session.

import { type AgentContext, say, think } from './agent-speech';
import {
  assetUrl,
  GOODBYE_TEXT,
  GREETING,
  GREETING_SUGGESTIONS,
  HELP_TEXT,
  IMAGE_TEXT,
  imageAttachment,
  LINK_TEXT,
  LONG_TEXT,
  languageReply,
  linkAttachment,
  markdownText,
  plainReply,
  SERVICE_AGENT_NAME,
  STREAM_TEXT,
  SUGGEST_TEXT,
  SUGGESTIONS,
} from './demo-content';
import {
  runClientHandoff,
  runFailedHandoff,
  runHandoff,
  runLiveAgentLeaves,
  runLiveAgentReply,
  runTimedOutHandoff,
} from './live-agent-handoff';
import { matchTrigger } from './triggers';
import { type JsonRecord, SYSTEM_TEXT } from './wire';

/** A second join request is echoed like any event and otherwise ignored: the agent is already here. */
export function onJoinRequest(ctx: AgentContext): void {
  const { session } = ctx;
  if (session.joined) return;
  session.joined = true;
  session.runAgent(async () => {
    session.emit('EVENT_TYPE_SERVICE_AGENT_JOINED', {
      agent_name: SERVICE_AGENT_NAME,
      agent_avatar_url: assetUrl(ctx.baseUrl, 'agent.svg'),
    });
    await think(ctx);
    await say(ctx, { text: GREETING, suggestions: GREETING_SUGGESTIONS, finalChunkHasText: true });
  });
}

export function onUserMessage(ctx: AgentContext, text: string, custom: JsonRecord | undefined): void {
  const { session } = ctx;
  if (!session.joined) {
    // The platform's answer to a message with no conversation yet: the client should join.
    session.emit(
      'EVENT_TYPE_SYSTEM_MESSAGE',
      { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: SYSTEM_TEXT.conversationNotFound },
      { custom },
    );
    return;
  }
  if (session.handoff === 'live') {
    const leaving = matchTrigger(text).kind === 'bye';
    session.runAgent(() => (leaving ? runLiveAgentLeaves(ctx) : runLiveAgentReply(ctx, text)));
    return;
  }
  // Waiting in the queue: the message stays in the history for the live agent; nobody answers yet.
  if (session.handoff === 'queued') return;

  const trigger = matchTrigger(text);
  switch (trigger.kind) {
    case 'high-load':
      session.emit('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: SYSTEM_TEXT.highLoad }, { custom });
      return;
    case 'language':
      session.runAgent(async () => {
        session.emit('EVENT_TYPE_LANGUAGE_CHANGED', { language_code: trigger.code });
        await think(ctx);
        await say(ctx, { text: languageReply(trigger.code) });
      });
      return;
    case 'human':
      session.handoff = 'queued';
      session.runAgent(() => runHandoff(ctx));
      return;
    case 'handoff-fail':
      session.handoff = 'queued';
      session.runAgent(() => runFailedHandoff(ctx));
      return;
    case 'handoff-timeout':
      session.handoff = 'queued';
      session.runAgent(() => runTimedOutHandoff(ctx));
      return;
    case 'client-handoff':
      session.runAgent(() => runClientHandoff(ctx));
      return;
    case 'bye':
      session.runAgent(async () => {
        await think(ctx);
        await say(ctx, { text: GOODBYE_TEXT });
        session.emit('EVENT_TYPE_SESSION_END', { reason: 'REASON_NATURAL_END' });
        session.end();
      });
      return;
    case 'markdown':
      reply(ctx, { text: markdownText(ctx.baseUrl) });
      return;
    case 'long':
      reply(ctx, { text: LONG_TEXT, finalChunkHasText: true });
      return;
    case 'stream':
      reply(ctx, { text: STREAM_TEXT });
      return;
    case 'suggest':
      reply(ctx, { text: SUGGEST_TEXT, suggestions: SUGGESTIONS });
      return;
    case 'link':
      reply(ctx, { text: LINK_TEXT, attachments: [linkAttachment(ctx.baseUrl)] });
      return;
    case 'image':
      reply(ctx, { text: IMAGE_TEXT, attachments: [imageAttachment(ctx.baseUrl)] });
      return;
    case 'help':
      reply(ctx, { text: HELP_TEXT });
      return;
    case 'plain':
      reply(ctx, { text: plainReply(text) });
      return;
  }
}

function reply(ctx: AgentContext, content: Parameters<typeof say>[1]): void {
  ctx.session.runAgent(async () => {
    await think(ctx);
    await say(ctx, content);
  });
}
