// Conversations API (GET /{v1|v2|v3}/{account}/{project}/conversations) and Concurrent Calls
// (GET /v1/{account}/{project}/conversations/concurrency), header x-api-key. Both read the
// platform model; the search index is built as turns arrive.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CREDENTIALS, keyPermitsProject } from '../http/credentials';
import { header, sendError, sendJson, sendJsonText } from '../http/http-io';
import type { PlatformModel } from '../model/platform-model';
import { isAccount, projectSlug } from '../model/tenancy';
import { isEnvironment } from '../model/types';
import { checkQuery } from '../openapi/request-validation';
import { concurrencyIntervals, MAX_RANGE_MS, roundRange } from './concurrency';
import type { ConversationIndex } from './conversation-index';
import { decodeCursor, encodeCursor } from './cursor';
import { findConversations } from './find-conversations';
import { parseIsoInstant } from './iso-instant';
import { filterFingerprint, parseConversationsQuery, type Version } from './query-params';
import { conversationView, descriptionsFor } from './record-view';

const PATH = /^\/(v[123])\/([^/]+)\/([^/]+)\/conversations(\/concurrency)?\/?$/;

export function matchesConversations(pathname: string): boolean {
  return PATH.test(pathname);
}

export interface ConversationsDeps {
  model: PlatformModel;
  index: ConversationIndex;
}

export function handleConversations(req: IncomingMessage, res: ServerResponse, url: URL, deps: ConversationsDeps): void {
  const started = performance.now();
  const [, versionText = '', account = '', project = '', concurrency] = PATH.exec(url.pathname) ?? [];
  const key = header(req, 'x-api-key');
  if (key === undefined) return sendError(res, 401, 'Missing x-api-key header');
  if (key !== CREDENTIALS.conversationsApiKey) return sendError(res, 401, 'Invalid API key');
  const slug = projectSlug(project);
  if (!isAccount(account) || slug === undefined) return sendError(res, 404, 'Account or project not found');
  if (!keyPermitsProject(slug)) return sendError(res, 403, 'API key not authorized for this project');
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method not allowed', { Allow: 'GET' });
  const version: Version = versionText === 'v1' ? 'v1' : versionText === 'v2' ? 'v2' : 'v3';

  if (concurrency !== undefined) {
    if (version !== 'v1') return sendError(res, 404, 'Concurrent Calls is served on /v1 only');
    return answerConcurrency(res, url.searchParams, { account, project, slug }, deps.model);
  }

  const parsed = parseConversationsQuery(version, url.searchParams);
  if (!parsed.ok) return sendError(res, 400, parsed.error);
  const query = parsed.query;
  const fingerprint = filterFingerprint(query);
  let after: { startedAt: number; seq: number } | undefined;
  if (query.cursor !== undefined) {
    const decoded = decodeCursor(query.cursor, fingerprint);
    if (!decoded.ok) return sendError(res, 400, decoded.error);
    after = decoded.position;
  }

  const page = findConversations(deps.model, deps.index, slug, query, after);
  const now = Date.now();
  const settings = deps.model.settingsFor(slug);
  const body: Record<string, unknown> = {
    conversations: page.conversations.map((record) =>
      conversationView(record, { version, settings, includeLatency: query.includeLatency, now }),
    ),
    descriptions: descriptionsFor({ version, settings, includeLatency: query.includeLatency }),
  };
  // Offset paging on every version; the cursor on v3 (null at the end). A cursor request pages by cursor only.
  if (page.more && query.cursor === undefined && query.mode.kind !== 'sample') body['next_offset'] = query.offset + query.limit;
  if (version === 'v3') {
    const last = page.conversations[page.conversations.length - 1];
    body['cursor'] = page.more && last ? encodeCursor(last, fingerprint) : null;
  }
  const text = JSON.stringify(body);
  // The server's own time (search, records, JSON), apart from the network: read by the benchmark.
  sendJsonText(res, 200, text, { 'Server-Timing': `app;dur=${(performance.now() - started).toFixed(1)}` });
}

/** The account and project as the path gave them (echoed), and the project's slug (what records hold). */
interface ConcurrencyScope {
  account: string;
  project: string;
  slug: string;
}

function answerConcurrency(res: ServerResponse, params: URLSearchParams, scope: ConcurrencyScope, model: PlatformModel): void {
  // Each parameter's shape is the OpenAPI document's; the range and the pairs are checked here.
  const checked = checkQuery('getConcurrency', params);
  if (!checked.ok) return sendError(res, 400, checked.message);
  const text = (name: string): string | undefined => {
    const value = checked.value[name];
    return typeof value === 'string' ? value : undefined;
  };
  const start = isoTime(text('start_time') ?? null);
  const end = isoTime(text('end_time') ?? null);
  if (start === undefined || end === undefined) return sendError(res, 400, 'start_time and end_time are required ISO 8601 date-times');
  if (start >= end) return sendError(res, 400, 'Invalid time range: start_time must be before end_time');
  const { from, to } = roundRange(start, end);
  if (to - from > MAX_RANGE_MS) return sendError(res, 400, 'Invalid time range: at most 31 days per request');
  const environment = text('client_env') ?? 'live';
  if (!isEnvironment(environment)) return sendError(res, 400, 'client_env must be one of sandbox, pre-release, live');
  const variantId = text('variant_id');
  const variantName = text('variant_name');
  if (variantId !== undefined && variantName !== undefined) return sendError(res, 400, 'Give only one of variant_id and variant_name');
  const sliceBy = text('slice_by');
  if (sliceBy === 'language' || sliceBy === 'phone_number') return sendError(res, 501, `slice_by=${sliceBy} is not implemented yet`);
  const language = text('language');
  const phoneNumber = text('phone_number');

  const deployedNames = new Map(model.deployedVariants(environment).map((variant) => [variant.id, variant.name]));
  const intervals = concurrencyIntervals(
    model.conversations.ordered(),
    {
      projectId: scope.slug,
      environment,
      variantId,
      variantName,
      language,
      phoneNumber,
      currentVariantName: (id) => deployedNames.get(id),
    },
    from,
    to,
    sliceBy === 'variant',
  );
  // "Echo of the query": both ids exactly as given, in whichever form.
  sendJson(res, 200, { account_id: scope.account, project_id: scope.project, intervals });
}

function isoTime(value: string | null): number | undefined {
  return value === null ? undefined : parseIsoInstant(value);
}
