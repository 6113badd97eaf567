// The routes the platform serves outside the build host's router, as OpenAPI path templates: the
// route table test checks that the OpenAPI document describes exactly these and the router's.
// (Test-only control routes, /__control/*, and the reference itself are not part of the platform.)

export interface RouteDescription {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

export const RUNTIME_ROUTES: readonly RouteDescription[] = [
  { method: 'POST', path: '/api/v1/access-token' },
  { method: 'POST', path: '/api/v1/sessions' },
  { method: 'GET', path: '/ws' },
  { method: 'POST', path: '/v1/{account_id}/{project_id}/chat/create' },
  { method: 'POST', path: '/v1/{account_id}/{project_id}/chat/respond' },
  { method: 'PUT', path: '/v1/{account_id}/{project_id}/chat/close' },
  { method: 'GET', path: '/v1/{account_id}/{project_id}/conversations' },
  { method: 'GET', path: '/v2/{account_id}/{project_id}/conversations' },
  { method: 'GET', path: '/v3/{account_id}/{project_id}/conversations' },
  { method: 'GET', path: '/v1/{account_id}/{project_id}/conversations/concurrency' },
  { method: 'POST', path: '/v1/outbound-calling' },
  { method: 'GET', path: '/v1/outbound-calling/{call_sid}/status' },
  { method: 'POST', path: '/v1/external-events/webhook' },
  { method: 'POST', path: '/internal/v1/agentic-dial/bridge-ended' },
];
