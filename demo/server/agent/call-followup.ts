// The chat goes on from the phone call: when a "Call me" call that carries the chat's session
// (metadata `chat_session_id`) ends, the demo agent writes in that chat what was said on the
// phone, and the note is a turn of the chat's record like any other answer.

import type { CallRecord } from '../model/calls';
import type { PlatformModel } from '../model/platform-model';
import { type AgentContext, say, think } from './agent-speech';
import { turnRecord } from './turn-record';

/** The chat session a call belongs to, if it names one. */
export function chatSessionOf(call: CallRecord): string | undefined {
  const id = call.metadata['chat_session_id'];
  return id === undefined || id === '' ? undefined : id;
}

export function callFollowUpText(model: PlatformModel, call: CallRecord): string {
  const record = call.conversationId === undefined ? undefined : model.conversations.get(call.conversationId);
  const said = record?.turns.map((turn) => turn.userInput.trim()).find((text) => text !== '');
  return said === undefined
    ? 'Thanks for the call. I am here in the chat if there is anything else.'
    : `Thanks for the call — on the phone you said: “${said}” I have noted it; is there anything else I can help with here?`;
}

export function onCallEnded(ctx: AgentContext, call: CallRecord): void {
  const { session, model } = ctx;
  if (!session.joined) return;
  const spoken: string[] = [];
  const receivedAt = Date.now();
  session.runAgent(async () => {
    try {
      await think(ctx);
      await say({ ...ctx, spoken }, { text: callFollowUpText(model, call) });
    } finally {
      const decision = { intents: ['callback_follow_up'], entities: {}, isOod: false, isSilence: false };
      model.addTurn(session.id, turnRecord({ userInput: '', receivedAt, spoken, decision }));
    }
  });
}
