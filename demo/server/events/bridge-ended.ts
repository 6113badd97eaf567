// Bridge-ended notification: POST /internal/v1/agentic-dial/bridge-ended, header X-Api-Key.
// The bridged call is over: the conversation's durations and state take the bridge data (what
// the project's functions would store), and the call ends. Only a call still in progress takes it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { keyPermitsProject } from '../http/credentials';
import { parseJsonBody, readBody, sendError, sendJson } from '../http/http-io';
import type { PlatformModel } from '../model/platform-model';
import { checkBody } from '../openapi/request-validation';
import { checkEventsKey } from './webhook';

export const BRIDGE_ENDED_PATH = '/internal/v1/agentic-dial/bridge-ended';

export async function handleBridgeEnded(req: IncomingMessage, res: ServerResponse, model: PlatformModel): Promise<void> {
  const text = await readBody(req);
  if (!checkEventsKey(req, res)) return;
  if (req.method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return sendError(res, 400, 'Body must be a JSON object');
  // Fields, types and ranges: the OpenAPI document's BridgeEndedRequest.
  const checked = checkBody('notifyBridgeEnded', parsed.value, 'Body must be a JSON object');
  if (!checked.ok) return sendError(res, 400, checked.message);
  const { conversation_id: id, bridge_duration_seconds: bridge, call_duration_seconds: call } = checked.value;
  if (typeof id !== 'string' || id.trim() === '') return sendError(res, 400, 'conversation_id is required');
  if (!isDuration(bridge) || !isDuration(call)) return sendError(res, 400, 'Durations must be finite numbers >= 0');
  if (bridge > call) return sendError(res, 400, 'bridge_duration_seconds cannot exceed call_duration_seconds');
  const record = model.conversations.get(id);
  if (!record) return sendError(res, 404, 'Conversation not found');
  if (!keyPermitsProject(record.projectId)) return sendError(res, 403, 'API key not authorized for this project');
  // The notification is for "a bridged (transferred) call": a call whose bridged leg is still up.
  // Any other conversation, or a call already over, conflicts with it, and nothing is rewritten.
  if (record.channel !== 'VOICE-SIP')
    return sendError(
      res,
      409,
      `Conversation ${id} is a ${record.channel} conversation, not a call: only a bridged call ends with bridge-ended`,
    );
  if (record.endedAt !== undefined) return sendError(res, 409, `Call ${id} already ended: its record is not rewritten`);

  const at = Date.now();
  record.bridge = { bridgeDurationSeconds: bridge, callDurationSeconds: call, at };
  model.setState(id, 'bridge_duration_seconds', bridge);
  model.setState(id, 'call_duration_seconds', call);
  model.setState(id, 'bridged', true);
  model.endConversation(id, at);
  sendJson(res, 200, { conversation_id: id, success: true });
}

function isDuration(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
