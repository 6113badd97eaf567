// The scripted service agent of Messaging sessions. One user turn is one pass: read the
// environment's definition, understand the text once (turn-decision.ts), act and speak in one
// script on the session, and leave one turn record in the platform model.

import { randomBytes } from 'node:crypto';
import { type JsonRecord, SYSTEM_TEXT } from '../messaging/wire';
import type { Environment } from '../model/types';
import { type AgentContext, type Reply, say, think } from './agent-speech';
import { agentLanguage } from './agent-words';
import { conversationLanguage, setConversationLanguage, wordsOf } from './conversation-language';
import {
  assetUrl,
  GREETING_SUGGESTIONS,
  greetingIn,
  helpText,
  imageAttachment,
  languageChange,
  linkAttachment,
  longText,
  markdownText,
  paymentAttachment,
  paymentLink,
  paymentStatusText,
  paymentText,
  plainReply,
  SERVICE_AGENT_NAME,
  SUGGESTIONS,
} from './demo-content';
import { fileLinksIn } from './file-links';
import {
  runClientHandoff,
  runFailedHandoff,
  runHandoff,
  runLiveAgentLeaves,
  runLiveAgentReply,
  runTimedOutHandoff,
} from './live-agent-handoff';
import { replyAboutFiles } from './received-files';
import type { Trigger } from './triggers';
import { decideTurn, type TurnDecision } from './turn-decision';
import { turnRecord } from './turn-record';

/** The demo connector serves the live environment. */
export const MESSAGING_ENVIRONMENT: Environment = 'live';

const GREETING_TURN = { intents: ['greeting'], entities: {}, isOod: false, isSilence: false } as const;

/**
 * A second join request is echoed like any event and otherwise ignored: the agent is already here.
 * The widget names the locale the site chose in the join's `metadata.custom.locale`: the agent
 * greets (and goes on) in it when it speaks it.
 */
export function onJoinRequest(ctx: AgentContext, custom?: JsonRecord): void {
  const { session, model } = ctx;
  if (session.joined) return;
  session.joined = true;
  const receivedAt = Date.now();
  model.startConversation({
    id: session.id,
    projectId: session.projectId,
    environment: MESSAGING_ENVIRONMENT,
    channel: 'WEBCHAT',
    startedAt: receivedAt,
    state: { platform: session.platform, streaming: session.streaming },
  });
  const requested = agentLanguage(custom?.['locale']);
  if (requested) setConversationLanguage(model, session.id, requested);
  const { greeting } = model.agentDefinitions.definitionFor(MESSAGING_ENVIRONMENT);
  const language = conversationLanguage(model, session.id);
  runTurn(ctx, { userInput: '', receivedAt, decision: GREETING_TURN, bargeIn: false }, async (turn) => {
    session.emit('EVENT_TYPE_SERVICE_AGENT_JOINED', {
      agent_name: SERVICE_AGENT_NAME,
      agent_avatar_url: assetUrl(ctx.baseUrl, 'agent.svg'),
    });
    await think(turn);
    await say(turn, { text: greetingIn(language, greeting), suggestions: GREETING_SUGGESTIONS, finalChunkHasText: true });
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
  const receivedAt = Date.now();
  // The definition is read on every turn, so a changed deployment answers the next message.
  ctx.model.agentDefinitions.definitionFor(MESSAGING_ENVIRONMENT);
  const decision = decideTurn(text, session.handoff);
  const turn = { userInput: text, receivedAt, decision, bargeIn: session.agentBusy };
  const { understanding } = decision;
  switch (understanding.kind) {
    case 'silence':
    case 'queued':
      // Waiting in the queue: the message stays in the history for the live agent; nobody answers yet.
      ctx.model.addTurn(session.id, turnRecord({ ...turn, spoken: [] }));
      return;
    case 'live-agent':
      runTurn(ctx, turn, (turnCtx) => (understanding.leaving ? runLiveAgentLeaves(turnCtx) : runLiveAgentReply(turnCtx, text)));
      return;
    case 'agent': {
      // Files from the visitor (links of the site's upload endpoint) come before any keyword: a
      // file named image.png is a file, not a request for an image.
      const files = fileLinksIn(text);
      if (files.length > 0) return runTurn(ctx, turn, (turnCtx) => replyAboutFiles(turnCtx, files));
      if (understanding.trigger.kind === 'high-load') {
        // The agent's function failed under load: the visitor gets the transient system error.
        ctx.model.recordIncident('function_error', session.projectId);
        session.emit('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: SYSTEM_TEXT.highLoad }, { custom });
        ctx.model.addTurn(session.id, turnRecord({ ...turn, spoken: [] }));
        return;
      }
      if (isHandoff(understanding.trigger)) session.handoff = 'queued';
      runTurn(ctx, turn, (turnCtx) => act(turnCtx, understanding.trigger, text));
    }
  }
}

/** An external event arrived for this session's conversation: the agent says its result now. */
export function onExternalEvent(ctx: AgentContext): void {
  const { session, model } = ctx;
  session.runAgent(async () => {
    for (const event of model.externalEvents.take(session.id)) {
      await think(ctx);
      await say(ctx, { text: paymentStatusText(event.status, wordsOf(model, session.id)) });
    }
  });
}

interface PendingTurn {
  userInput: string;
  receivedAt: number;
  decision: Pick<TurnDecision, 'intents' | 'entities' | 'isOod' | 'isSilence'>;
  bargeIn: boolean;
}

/** Runs the turn's script on the session and records the turn once it is over (or cut short). */
function runTurn(ctx: AgentContext, turn: PendingTurn, script: (turnCtx: AgentContext) => Promise<void>): void {
  const spoken: string[] = [];
  ctx.session.runAgent(async () => {
    try {
      await script({ ...ctx, spoken });
    } finally {
      const record = turnRecord({ ...turn, spoken });
      ctx.model.addTurn(ctx.session.id, { ...record, bargeIn: turn.bargeIn });
    }
  });
}

function isHandoff(trigger: Trigger): boolean {
  return trigger.kind === 'human' || trigger.kind === 'handoff-fail' || trigger.kind === 'handoff-timeout';
}

async function act(ctx: AgentContext, trigger: Trigger, text: string): Promise<void> {
  const { session } = ctx;
  const words = wordsOf(ctx.model, session.id);
  switch (trigger.kind) {
    case 'high-load':
      return;
    case 'language': {
      const change = languageChange(trigger.code, conversationLanguage(ctx.model, session.id));
      // Only a language the agent speaks changes the conversation's (and the widget's) language;
      // the event carries the code as asked (`fr-CA`), so a client can pick the regional voice.
      if (change.language === agentLanguage(trigger.code)) {
        setConversationLanguage(ctx.model, session.id, change.language);
        session.emit('EVENT_TYPE_LANGUAGE_CHANGED', { language_code: trigger.code });
      }
      return reply(ctx, { text: change.text });
    }
    case 'human':
      return runHandoff(ctx);
    case 'handoff-fail':
      return runFailedHandoff(ctx);
    case 'handoff-timeout':
      return runTimedOutHandoff(ctx);
    case 'client-handoff':
      return runClientHandoff(ctx);
    case 'bye':
      await reply(ctx, { text: words.goodbye });
      session.emit('EVENT_TYPE_SESSION_END', { reason: 'REASON_NATURAL_END' });
      session.end();
      return;
    case 'pay': {
      const eventId = newPaymentEventId();
      ctx.model.externalEvents.expect(eventId, session.id);
      const link = paymentLink(ctx.baseUrl, eventId);
      return reply(ctx, { text: paymentText(link, words), attachments: [paymentAttachment(link, ctx.baseUrl)] });
    }
    case 'markdown':
      return reply(ctx, { text: markdownText(ctx.baseUrl, words) });
    case 'long':
      return reply(ctx, { text: longText(words), finalChunkHasText: true });
    case 'stream':
      return reply(ctx, { text: words.stream });
    case 'suggest':
      return reply(ctx, { text: words.suggest, suggestions: SUGGESTIONS });
    case 'link':
      return reply(ctx, { text: words.link, attachments: [linkAttachment(ctx.baseUrl)] });
    case 'image':
      return reply(ctx, { text: words.image, attachments: [imageAttachment(ctx.baseUrl)] });
    case 'help':
      return reply(ctx, { text: helpText(words) });
    case 'plain':
      return reply(ctx, { text: plainReply(text, words) });
  }
}

async function reply(ctx: AgentContext, content: Reply): Promise<void> {
  await think(ctx);
  await say(ctx, content);
}

/** URL-safe and unguessable: the id is all the webhook needs to reach this conversation. */
export function newPaymentEventId(): string {
  return `pay_${randomBytes(12).toString('hex')}`;
}
