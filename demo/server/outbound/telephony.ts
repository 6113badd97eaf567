// The simulated telephony behind Outbound Calling: timers move a call queued → calling →
// success | failure as its test number decides. An answered call runs as a VOICE-SIP
// conversation: the start function stores the SIP headers (the call's metadata) in its state and
// the agent greets, the callee speaks and is answered (call-script.ts); the callee hangs up after
// `callMs`, and `onEnded` lets the demo agent tell the chat the call came from (metadata
// `chat_session_id`) about it.

import { randomUUID } from 'node:crypto';
import { turnRecord } from '../agent/turn-record';
import { DEMO_VOICE_CONNECTOR } from '../agents/telephony-connectors';
import type { CallRecord } from '../model/calls';
import type { PlatformModel } from '../model/platform-model';
import { isEnvironment } from '../model/types';
import { CALL_ANSWER, calleeWords } from './call-script';
import { type CallOutcome, FAILURE_REASONS } from './test-numbers';

export interface TelephonyTiming {
  /** Between queued → calling and calling → answered/failed. */
  stepMs: number;
  /** How long an answered call lasts. */
  callMs: number;
}

export const DEFAULT_TELEPHONY: TelephonyTiming = { stepMs: 1_000, callMs: 4_000 };

export class Telephony {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly model: PlatformModel,
    private readonly timing: TelephonyTiming,
    /** An answered call has ended (its conversation is over, its status `success`). */
    private readonly onEnded: (call: CallRecord) => void = () => undefined,
  ) {}

  place(call: CallRecord, outcome: Exclude<CallOutcome, 'cannot-place'>): void {
    const { stepMs, callMs } = this.timing;
    const { calls } = this.model;
    if (outcome === 'queue-timeout') {
      // Never leaves the queue: it fails once the queue's maximum wait is over.
      this.after(3 * stepMs, () => calls.move(call, 'failure', FAILURE_REASONS['queue-timeout']));
      return;
    }
    this.after(stepMs, () => calls.move(call, 'calling'));
    if (outcome !== 'answered') {
      this.after(2 * stepMs, () => calls.move(call, 'failure', FAILURE_REASONS[outcome]));
      return;
    }
    this.after(2 * stepMs, () => this.answer(call));
    this.after(2 * stepMs + callMs / 2, () => this.calleeSpeaks(call));
    this.after(2 * stepMs + callMs, () => {
      if (call.conversationId !== undefined) this.model.endConversation(call.conversationId);
      calls.move(call, 'success');
      this.onEnded(call);
    });
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private answer(call: CallRecord): void {
    const answeredAt = Date.now();
    // The call runs on the demo agent's voice connector: its environment and its variant.
    const { clientEnv, variantId } = DEMO_VOICE_CONNECTOR;
    const environment = isEnvironment(clientEnv) ? clientEnv : 'live';
    const record = this.model.startConversation({
      id: `voice_${randomUUID()}`,
      projectId: call.projectId,
      environment,
      channel: 'VOICE-SIP',
      variantId,
      // The record's columns are the platform's "Caller number, agent number" whichever side
      // dialled: the customer, then the agent's line. The state keeps the leg as dialled.
      fromNumber: call.toNumber,
      toNumber: call.fromNumber,
      startedAt: answeredAt,
      // What the start function reads: each metadata key as a SIP header, stored in the state.
      state: {
        ...call.metadata,
        sip_headers: { ...call.metadata },
        call_sid: call.sid,
        from_: call.fromNumber,
        to: call.toNumber,
        direction: 'outbound',
        encryption: call.encryption,
      },
    });
    call.conversationId = record.id;
    const { greeting } = this.model.agentDefinitions.definitionFor(environment);
    this.model.addTurn(
      record.id,
      turnRecord({
        userInput: '',
        receivedAt: answeredAt,
        spoken: [greeting],
        decision: { intents: ['greeting'], entities: {}, isOod: false, isSilence: false },
      }),
    );
  }

  private calleeSpeaks(call: CallRecord): void {
    if (call.conversationId === undefined) return;
    const receivedAt = Date.now();
    this.model.addTurn(
      call.conversationId,
      turnRecord({
        userInput: calleeWords(call.metadata),
        receivedAt,
        spoken: [CALL_ANSWER],
        decision: { intents: ['callback'], entities: {}, isOod: false, isSilence: false },
      }),
    );
  }

  private after(ms: number, step: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      step();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
