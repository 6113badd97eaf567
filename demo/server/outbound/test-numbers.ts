// The outbound test numbers (US fiction range): each decides how the simulated telephony
// treats the call. Any other valid number is answered.

export type CallOutcome = 'answered' | 'no-answer' | 'busy' | 'queue-timeout' | 'cannot-place';

export const TEST_NUMBERS: Readonly<Record<string, CallOutcome>> = {
  '+12025550100': 'answered',
  '+12025550101': 'no-answer',
  '+12025550102': 'busy',
  '+12025550103': 'queue-timeout',
  '+12025550104': 'cannot-place',
};

export const FAILURE_REASONS: Readonly<Record<Exclude<CallOutcome, 'answered' | 'cannot-place'>, string>> = {
  'no-answer': 'call was not answered',
  busy: 'line busy',
  'queue-timeout': 'call queueing exceeded its maximum timeout',
};

export function outcomeFor(e164: string): CallOutcome {
  return TEST_NUMBERS[e164] ?? 'answered';
}

/** The number the demo agent calls from (the caller of every outbound call). */
export const AGENT_NUMBER = '+12025550199';
