// One open WebSocket of a session: replay from the cursor, then client events in, live events out.

import { randomUUID } from 'node:crypto';
import { type RawData, WebSocket } from 'ws';
import type { AgentContext } from '../agent/agent-speech';
import { onJoinRequest, onUserMessage } from '../agent/demo-agent';
import type { Recorder } from '../control/recorder';
import type { SlidingWindowLimiter } from '../http/rate-limiter';
import type { PlatformModel } from '../model/platform-model';
import type { Pacing } from '../options';
import { type ClientEvent, parseClientFrame } from './client-frames';
import { whileHandling } from './event-cause';
import type { Session } from './session';
import { type JsonRecord, MAX_MESSAGE_SIZE_BYTES, type ServerEvent, SYSTEM_TEXT } from './wire';

export interface ConnectionDeps {
  recorder: Recorder;
  userMessageLimiter: SlidingWindowLimiter;
  replayBatchSize: number;
  socketIdleMs: number;
  pacing: Pacing;
  baseUrl: string;
  model: PlatformModel;
}

export function attachSocket(socket: WebSocket, session: Session, cursor: number, deps: ConnectionDeps): void {
  // No inbound frame (heartbeats included) for socketIdleMs: the platform hangs up.
  const idleTimer = setTimeout(() => socket.close(1001, 'idle timeout'), deps.socketIdleMs);
  idleTimer.unref();
  session.sockets.add(socket);
  socket.on('error', () => undefined);
  socket.on('close', () => {
    session.sockets.delete(socket);
    clearTimeout(idleTimer);
  });

  replay(socket, session.eventsAfter(cursor), deps.replayBatchSize);
  if (session.ended) {
    // A client that missed the end learns it from the replay; the session takes nothing more.
    socket.close(1000, 'session ended');
    return;
  }

  const ctx: AgentContext = { session, pacing: deps.pacing, baseUrl: deps.baseUrl, model: deps.model };
  socket.on('message', (data, isBinary) => {
    idleTimer.refresh();
    session.touch();
    if (session.ended) return;
    handleFrame(socket, ctx, toBuffer(data), isBinary, deps);
  });
}

/**
 * Always at least one batch: an empty one tells a resuming client there is nothing to catch up
 * on, so it can resend unacknowledged messages without waiting for a grace period.
 */
function replay(socket: WebSocket, events: ServerEvent[], batchSize: number): void {
  const batches: ServerEvent[][] = [];
  for (let start = 0; start < events.length; start += batchSize) batches.push(events.slice(start, start + batchSize));
  if (batches.length === 0) batches.push([]);
  for (const batch of batches) socket.send(JSON.stringify(envelope('EVENT_TYPE_EVENT_BATCH', { events: batch }, undefined)));
}

function handleFrame(socket: WebSocket, ctx: AgentContext, data: Buffer, isBinary: boolean, deps: ConnectionDeps): void {
  const { session } = ctx;
  if (data.length > MAX_MESSAGE_SIZE_BYTES) {
    sendError(socket, SYSTEM_TEXT.tooLarge, undefined);
    return;
  }
  // Browsers send text frames; a binary frame is not a JSON event.
  if (isBinary) {
    sendError(socket, SYSTEM_TEXT.invalidFormat, undefined);
    return;
  }

  const parsed = parseClientFrame(data.toString('utf8'));
  if (!parsed.ok) {
    sendError(socket, parsed.error, parsed.custom);
    return;
  }
  const { event, custom } = parsed;
  deps.recorder.clientEvent({ sessionId: session.id, type: event.type, payload: event.payload, ...(custom ? { custom } : {}) });
  // What follows from this event, however much later, echoes its custom metadata.
  whileHandling(custom, () => handleClientEvent(socket, ctx, event, custom, deps));
}

function handleClientEvent(
  socket: WebSocket,
  ctx: AgentContext,
  event: ClientEvent,
  custom: JsonRecord | undefined,
  deps: ConnectionDeps,
): void {
  const { session } = ctx;
  switch (event.type) {
    case 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN':
      deps.recorder.join(session.id);
      session.emit(event.type, event.payload, { custom });
      onJoinRequest(ctx, custom);
      return;
    case 'EVENT_TYPE_USER_MESSAGE': {
      const decision = deps.userMessageLimiter.take(session.id);
      if (!decision.ok) {
        sendError(socket, SYSTEM_TEXT.rateLimited, custom);
        return;
      }
      session.emit(event.type, { ...event.payload, message_id: `msg_${randomUUID()}` }, { custom });
      onUserMessage(ctx, event.text, custom);
      return;
    }
    case 'EVENT_TYPE_USER_TYPING':
      // Shown to a live agent on the real platform; nothing goes back to the client.
      return;
    case 'EVENT_TYPE_USER_END_SESSION':
      session.emit(event.type, event.payload, { custom });
      session.emit('EVENT_TYPE_SESSION_END', { reason: 'REASON_USER_END' });
      session.end();
      return;
    case 'EVENT_TYPE_HEARTBEAT':
      // Echoed but not journaled: keep-alives would otherwise swamp the replayed history.
      session.emit(event.type, event.payload, { custom, transient: true });
      return;
  }
}

/**
 * Frame-level errors answer only the socket that sent the frame and are not journaled: they are
 * about one connection's bad frame, not part of the conversation.
 */
function sendError(socket: WebSocket, message: string, custom: JsonRecord | undefined): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify(envelope('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message }, custom)));
}

function envelope(type: string, payload: JsonRecord, custom: JsonRecord | undefined): ServerEvent {
  return {
    id: `evt_${randomUUID()}`,
    sequence: null,
    timestamp: new Date().toISOString(),
    type,
    payload,
    metadata: { custom: custom ?? {} },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
