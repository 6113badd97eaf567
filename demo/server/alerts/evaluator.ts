// Evaluates every enabled rule on a fixed interval over the platform's own metrics, moves its
// state and, on the moves that matter, sends the webhooks:
//   entering `alert` (from any state) while no alert is open → `alerts.triggered`;
//   entering `ok` while an alert is open → `alerts.resolved`.
// Other moves (to or from `no_data`, `unknown`) change the state quietly, so triggered and
// resolved always alternate for a rule.

import type { AlertWebhookEvent } from '../../../src/server/verify-alert-webhook';
import { type MetricsSource, metricValue } from './metrics';
import { type AlertEventType, type AlertRule, type AlertState, type AlertsModel, type Operator, WINDOW_MS } from './model';

export interface EvaluatorOptions {
  intervalMs: number;
  /** Test-only: multiplies every window (0.01 makes `5m` three seconds). */
  windowScale: number;
  now: () => Date;
}

export type Notify = (rule: AlertRule, eventType: AlertEventType, payload: AlertEventPayload) => void;

/** The signed payload, as receivers read it (the same type `verifyAlertWebhook` returns). */
export type AlertEventPayload = AlertWebhookEvent;

export function breaches(value: number, operator: Operator, threshold: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '<':
      return value < threshold;
    case '>=':
      return value >= threshold;
    case '<=':
      return value <= threshold;
  }
}

export class AlertEvaluator {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly model: AlertsModel,
    private readonly metrics: MetricsSource,
    private readonly notify: Notify,
    private readonly options: EvaluatorOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.evaluateAll(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  evaluateAll(): void {
    for (const rule of this.model.rules.values()) if (rule.enabled) this.evaluate(rule);
  }

  private evaluate(rule: AlertRule): void {
    const now = this.options.now();
    const at = now.toISOString();
    let next: AlertState;
    let value: number | null = null;
    try {
      const to = now.getTime();
      const from = to - WINDOW_MS[rule.window_duration] * this.options.windowScale;
      // A rule sees its own account's figures only, and its project's when it names one.
      const scope = { accountId: rule.account, from, to };
      const window = rule.project_id === null ? scope : { ...scope, projectId: rule.project_id };
      value = metricValue(rule.metric, this.metrics.metricsInWindow(window));
      next = value === null ? 'no_data' : breaches(value, rule.operator, rule.threshold_value) ? 'alert' : 'ok';
    } catch (error) {
      console.error(`[platform] alert rule ${rule.id} could not be evaluated:`, error);
      next = 'unknown';
    }
    const previous = rule.current_state;
    if (next !== previous) rule.since = at;
    rule.current_state = next;
    rule.current_value = value;
    rule.last_evaluated_at = at;

    if (next === 'alert' && rule.triggered_at === null) {
      rule.triggered_at = at;
      this.notify(rule, 'alerts.triggered', payloadOf(rule, 'alerts.triggered', previous, at));
    } else if (next === 'ok' && rule.triggered_at !== null) {
      const payload = payloadOf(rule, 'alerts.resolved', previous, rule.triggered_at);
      payload.alert.resolved_at = at;
      rule.triggered_at = null;
      this.notify(rule, 'alerts.resolved', payload);
    }
  }
}

function payloadOf(rule: AlertRule, eventType: AlertEventType, previous: AlertState, triggeredAt: string): AlertEventPayload {
  return {
    event_type: eventType,
    alert: {
      id: rule.id,
      name: rule.name,
      project_id: rule.project_id,
      metric: rule.metric,
      operator: rule.operator,
      threshold_value: rule.threshold_value,
      current_value: rule.current_value,
      previous_state: previous,
      triggered_at: triggeredAt,
    },
  };
}
