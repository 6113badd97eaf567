// State of the Alerts API: rules and webhook endpoints per account, and each rule's evaluation
// state. Plain data; the evaluator moves the states, the routes edit the rest.

export const METRICS = ['turn_latency_p50', 'turn_latency_p95', 'api_errors', 'function_errors', 'call_crashes', 'call_volume'] as const;
export type Metric = (typeof METRICS)[number];

export const OPERATORS = ['>', '<', '>=', '<='] as const;
export type Operator = (typeof OPERATORS)[number];

export const WINDOWS = ['5m', '10m', '60m'] as const;
export type WindowDuration = (typeof WINDOWS)[number];
export const WINDOW_MS: Record<WindowDuration, number> = { '5m': 300_000, '10m': 600_000, '60m': 3_600_000 };

export const STATES = ['ok', 'alert', 'no_data', 'unknown'] as const;
export type AlertState = (typeof STATES)[number];

export const EVENT_TYPES = ['alerts.triggered', 'alerts.resolved'] as const;
export type AlertEventType = (typeof EVENT_TYPES)[number];

export const MAX_RULES_PER_ACCOUNT = 10;
export const MAX_ENDPOINTS_PER_ACCOUNT = 5;

export interface AlertRule {
  id: string;
  account: string;
  name: string;
  project_id: string | null;
  metric: Metric;
  operator: Operator;
  threshold_value: number;
  window_duration: WindowDuration;
  enabled: boolean;
  current_state: AlertState;
  created_at: string;
  updated_at: string;
  since: string | null;
  last_evaluated_at: string | null;
  current_value: number | null;
  /** Set while a triggered alert awaits its resolution: triggered and resolved alternate. */
  triggered_at: string | null;
}

export interface WebhookEndpoint {
  id: string;
  account: string;
  name: string;
  url: string;
  event_types: AlertEventType[];
  /** `whsec_<base64 key>`; shown once at creation and at each rotation. */
  signingSecret: string;
  created_at: string;
  updated_at: string;
}

export class AlertsModel {
  readonly rules = new Map<string, AlertRule>();
  readonly endpoints = new Map<string, WebhookEndpoint>();

  rulesOf(account: string): AlertRule[] {
    return [...this.rules.values()].filter((rule) => rule.account === account);
  }

  endpointsOf(account: string): WebhookEndpoint[] {
    return [...this.endpoints.values()].filter((endpoint) => endpoint.account === account);
  }
}

export function ruleView({ account: _account, triggered_at: _triggered, ...rule }: AlertRule): Omit<AlertRule, 'account' | 'triggered_at'> {
  return rule;
}

export function endpointView({
  account: _account,
  signingSecret: _secret,
  ...endpoint
}: WebhookEndpoint): Omit<WebhookEndpoint, 'account' | 'signingSecret'> {
  return endpoint;
}
