// Handoff flows of the demo: server-managed (queue → live agent joins, types, replies, leaves),
// failed, timed out, and client-managed (the site routes the user elsewhere).

import { type AgentContext, newMessageId, say, think } from './agent-speech';
import { wordsOf } from './conversation-language';
import { assetUrl, CLIENT_HANDOFF_QUEUE, HANDOFF_QUEUE, LIVE_AGENT, liveReply } from './demo-content';

/** The agent's and Sam's words in the conversation's language. */
const words = (ctx: AgentContext) => wordsOf(ctx.model, ctx.session.id);

const QUEUE_POSITIONS = [3, 2, 1];
const SECONDS_PER_POSITION = 30;

export async function runHandoff(ctx: AgentContext): Promise<void> {
  const { session } = ctx;
  await announceHandoff(ctx);
  session.emit('EVENT_TYPE_HANDOFF_ACCEPTED', {});
  for (const position of QUEUE_POSITIONS) {
    session.emit('EVENT_TYPE_HANDOFF_QUEUE_STATUS', {
      queue_name: HANDOFF_QUEUE,
      position_in_queue: position,
      estimated_wait_seconds: position * SECONDS_PER_POSITION,
    });
    await session.sleep(ctx.pacing.liveAgentDelayMs);
  }
  session.emit('EVENT_TYPE_SERVICE_AGENT_LEFT', {});
  session.emit('EVENT_TYPE_LIVE_AGENT_JOINED', {
    agent: { id: LIVE_AGENT.id, name: LIVE_AGENT.name, avatar_url: assetUrl(ctx.baseUrl, 'live-agent.svg') },
  });
  session.handoff = 'live';
  ctx.model.recordHandoff(session.id, 'USER_REQUESTED', HANDOFF_QUEUE);
  await liveAgentSays(ctx, words(ctx).liveGreeting);
}

export async function runLiveAgentReply(ctx: AgentContext, userText: string): Promise<void> {
  await liveAgentSays(ctx, liveReply(userText, words(ctx)));
}

/** The live agent says goodbye and leaves; with nobody left, the session ends naturally. */
export async function runLiveAgentLeaves(ctx: AgentContext): Promise<void> {
  const { session } = ctx;
  await liveAgentSays(ctx, words(ctx).liveGoodbye);
  session.emit('EVENT_TYPE_LIVE_AGENT_LEFT', {});
  session.handoff = 'none';
  session.emit('EVENT_TYPE_SESSION_END', { reason: 'REASON_NATURAL_END' });
  session.end();
}

export async function runFailedHandoff(ctx: AgentContext): Promise<void> {
  const { session } = ctx;
  await announceHandoff(ctx);
  session.emit('EVENT_TYPE_HANDOFF_FAILED', {});
  await agentTakesBack(ctx, words(ctx).handoffFailed);
}

export async function runTimedOutHandoff(ctx: AgentContext): Promise<void> {
  const { session } = ctx;
  await announceHandoff(ctx);
  session.emit('EVENT_TYPE_HANDOFF_ACCEPTED', {});
  session.emit('EVENT_TYPE_HANDOFF_QUEUE_STATUS', {
    queue_name: HANDOFF_QUEUE,
    position_in_queue: 1,
    estimated_wait_seconds: SECONDS_PER_POSITION,
  });
  await session.sleep(ctx.pacing.liveAgentDelayMs);
  session.emit('EVENT_TYPE_HANDOFF_TIMEOUT', {});
  await agentTakesBack(ctx, words(ctx).handoffTimeout);
}

export async function runClientHandoff(ctx: AgentContext): Promise<void> {
  await think(ctx);
  await say(ctx, { text: words(ctx).clientHandoff });
  ctx.model.recordHandoff(ctx.session.id, 'AGENT_DECISION', CLIENT_HANDOFF_QUEUE);
  ctx.session.emit('EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', { reason: 'AGENT_DECISION', queue_name: CLIENT_HANDOFF_QUEUE });
}

/** The service agent says it is handing over, then the handoff starts. */
async function announceHandoff(ctx: AgentContext): Promise<void> {
  await think(ctx);
  await say(ctx, { text: words(ctx).handoffIntro });
  ctx.session.emit('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF', {});
  await ctx.session.sleep(ctx.pacing.liveAgentDelayMs);
}

/** No person came: the service agent carries on and says what the user can do. */
async function agentTakesBack(ctx: AgentContext, text: string): Promise<void> {
  ctx.session.handoff = 'none';
  await think(ctx);
  await say(ctx, { text });
}

async function liveAgentSays(ctx: AgentContext, text: string): Promise<void> {
  const { session } = ctx;
  ctx.spoken?.push(text);
  // Typing indicators are transient: not in the history, sequence null.
  session.emit('EVENT_TYPE_LIVE_AGENT_TYPING', { state: 'TYPING_STATE_STARTED', agent_id: LIVE_AGENT.id }, { transient: true });
  await session.sleep(ctx.pacing.liveAgentDelayMs);
  session.emit('EVENT_TYPE_LIVE_AGENT_MESSAGE', {
    message_id: newMessageId(),
    agent_id: LIVE_AGENT.id,
    text,
    attachments: [],
    response_suggestions: [],
  });
  session.emit('EVENT_TYPE_LIVE_AGENT_TYPING', { state: 'TYPING_STATE_STOPPED', agent_id: LIVE_AGENT.id }, { transient: true });
}
