// Conversations waiting for an external event (a payment result, a booking…), and the events
// that arrived for them. The External Events webhook delivers; the agent of the conversation
// takes what arrived: at once over a live socket, on the next turn in Chat REST.

export interface ArrivedEvent {
  eventId: string;
  conversationId: string;
  /** The body as parsed for its content type (object for JSON, form and XML; string for text). */
  payload: unknown;
  /** The result the agent announces: field `status`, or the whole text of a plain body. */
  status: string;
  receivedAt: number;
}

export class ExternalEvents {
  private readonly waiting = new Map<string, string>();
  private readonly pending = new Map<string, ArrivedEvent[]>();
  private readonly listeners: Array<(event: ArrivedEvent) => void> = [];

  /** The conversation now waits for `eventId`; it keeps waiting (status updates may follow). */
  expect(eventId: string, conversationId: string): void {
    this.waiting.set(eventId, conversationId);
  }

  conversationFor(eventId: string): string | undefined {
    return this.waiting.get(eventId);
  }

  onArrival(listener: (event: ArrivedEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Undefined when nobody waits for the id. */
  deliver(eventId: string, payload: unknown, status: string, receivedAt = Date.now()): ArrivedEvent | undefined {
    const conversationId = this.waiting.get(eventId);
    if (conversationId === undefined) return undefined;
    const event: ArrivedEvent = { eventId, conversationId, payload, status, receivedAt };
    const queue = this.pending.get(conversationId) ?? [];
    queue.push(event);
    this.pending.set(conversationId, queue);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** Events that arrived and the agent has not told the visitor yet; taking them marks them told. */
  take(conversationId: string): ArrivedEvent[] {
    const queue = this.pending.get(conversationId) ?? [];
    this.pending.delete(conversationId);
    return queue;
  }

  /** The conversation is over: nothing waits for its ids any more. */
  forget(conversationId: string): void {
    for (const [eventId, waiting] of this.waiting) if (waiting === conversationId) this.waiting.delete(eventId);
    this.pending.delete(conversationId);
  }
}
