// The Alerts API as one unit: its model, routes, evaluator and webhook delivery.

import type { Route } from '../build-host/router';
import { WebhookDelivery } from './delivery';
import { endpointRoutes } from './endpoint-routes';
import { AlertEvaluator } from './evaluator';
import type { MetricsSource } from './metrics';
import { AlertsModel } from './model';
import { ruleRoutes } from './rule-routes';

export const ALERTS_PREFIXES = ['/v1/alert-rules', '/v1/webhook-endpoints', '/v1/alerts'];
export const DEFAULT_EVALUATION_INTERVAL_MS = 10_000;

export interface AlertsOptions {
  /** Default 10 s. */
  evaluationIntervalMs?: number;
  /** Test-only: shortens every rule window by this factor (default 1). */
  windowScale?: number;
  /** Waits between delivery attempts (default 5 s, 30 s, 2 min, 10 min). */
  retryDelaysMs?: readonly number[];
  /** The evaluator's clock (tests move it to pass windows without waiting). */
  now?: () => Date;
}

export interface AlertsApi {
  model: AlertsModel;
  routes: Route[];
  evaluator: AlertEvaluator;
  delivery: WebhookDelivery;
  close(): void;
}

export function createAlertsApi(metrics: MetricsSource, options: AlertsOptions = {}): AlertsApi {
  const now = options.now ?? (() => new Date());
  const model = new AlertsModel();
  // Deliveries are stamped with the real time, whatever clock the rules are evaluated on: a
  // receiver checks `webhook-timestamp` against its own clock.
  const delivery = new WebhookDelivery(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {});
  const evaluator = new AlertEvaluator(
    model,
    metrics,
    (rule, eventType, payload) => {
      for (const endpoint of model.endpointsOf(rule.account)) {
        if (endpoint.event_types.includes(eventType)) delivery.send(() => model.endpoints.get(endpoint.id), eventType, payload);
      }
    },
    { intervalMs: options.evaluationIntervalMs ?? DEFAULT_EVALUATION_INTERVAL_MS, windowScale: options.windowScale ?? 1, now },
  );
  evaluator.start();
  return {
    model,
    routes: [...ruleRoutes(model, now), ...endpointRoutes(model, now)],
    evaluator,
    delivery,
    close: () => {
      evaluator.stop();
      delivery.close();
    },
  };
}
