import { describe, expect, it } from 'vitest';
import type { WindowMetrics } from '../model/types';
import { AlertEvaluator, breaches } from './evaluator';
import { metricValue, percentile } from './metrics';
import { type AlertRule, AlertsModel, type Metric } from './model';

const EMPTY: WindowMetrics = { turnLatenciesMs: [], apiErrors: 0, functionErrors: 0, callCrashes: 0, callVolume: 0 };

function rule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 'ar_1',
    account: 'demo-account',
    name: 'r',
    project_id: null,
    metric: 'turn_latency_p50',
    operator: '>',
    threshold_value: 100,
    window_duration: '5m',
    enabled: true,
    current_state: 'unknown',
    created_at: '',
    updated_at: '',
    since: null,
    last_evaluated_at: null,
    current_value: null,
    triggered_at: null,
    ...overrides,
  };
}

const METRICS_READ: Metric[] = ['turn_latency_p50', 'api_errors', 'function_errors', 'call_crashes', 'call_volume'];

describe('metrics', () => {
  it('takes nearest-rank percentiles in whole milliseconds', () => {
    expect(percentile([], 0.95)).toBeNull();
    expect(percentile([300, 100, 200], 0.5)).toBe(200);
    const twenty = [...Array.from({ length: 19 }, () => 50), 1000];
    expect(percentile(twenty, 0.95)).toBe(50);
    expect(percentile([...twenty, 1000], 0.95)).toBe(1000);
    expect(percentile([10.6], 0.5)).toBe(11);
  });

  it('reads each metric from the window', () => {
    const metrics = { turnLatenciesMs: [10, 20], apiErrors: 3, functionErrors: 4, callCrashes: 5, callVolume: 6 };
    expect(METRICS_READ.map((metric) => metricValue(metric, metrics))).toEqual([10, 3, 4, 5, 6]);
  });

  it('compares with each operator', () => {
    expect([breaches(5, '>', 5), breaches(5, '>=', 5), breaches(4, '<', 5), breaches(5, '<=', 5), breaches(6, '<=', 5)]).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('AlertEvaluator', () => {
  it('moves to unknown, quietly, when the metrics cannot be read', () => {
    const model = new AlertsModel();
    const firing = rule({ current_state: 'alert', triggered_at: 'then' });
    model.rules.set(firing.id, firing);
    const sent: string[] = [];
    const failing = {
      metricsInWindow: () => {
        throw new Error('backend down');
      },
    };
    const evaluator = new AlertEvaluator(model, failing, (_rule, type) => sent.push(type), {
      intervalMs: 1000,
      windowScale: 1,
      now: () => new Date(0),
    });
    const error = console.error;
    console.error = () => {};
    evaluator.evaluateAll();
    console.error = error;
    expect(firing).toMatchObject({ current_state: 'unknown', current_value: null, last_evaluated_at: new Date(0).toISOString() });
    expect(sent).toEqual([]);
  });

  it('sends triggered on entering alert from any state and resolved only once an alert is open', () => {
    const model = new AlertsModel();
    const watched = rule();
    model.rules.set(watched.id, watched);
    let metrics = EMPTY;
    const sent: string[] = [];
    const evaluator = new AlertEvaluator(
      model,
      { metricsInWindow: () => metrics },
      (_rule, type, payload) => sent.push(`${type}:${payload.alert.previous_state}`),
      {
        intervalMs: 1000,
        windowScale: 1,
        now: () => new Date(0),
      },
    );
    evaluator.evaluateAll(); // unknown → no_data: quiet
    metrics = { ...EMPTY, turnLatenciesMs: [500] };
    evaluator.evaluateAll(); // no_data → alert
    metrics = EMPTY;
    evaluator.evaluateAll(); // alert → no_data: quiet, the alert stays open
    metrics = { ...EMPTY, turnLatenciesMs: [50] };
    evaluator.evaluateAll(); // no_data → ok: resolves the open alert
    evaluator.evaluateAll(); // ok → ok
    expect(sent).toEqual(['alerts.triggered:no_data', 'alerts.resolved:no_data']);
  });
});

describe('AlertEvaluator: scope', () => {
  it("asks for the rule's account, and its project when it names one", () => {
    const model = new AlertsModel();
    const accountWide = rule({ id: 'ar_a', account: 'other-account' });
    const perProject = rule({ id: 'ar_b', project_id: 'PROJECT-demo0001' });
    model.rules.set(accountWide.id, accountWide);
    model.rules.set(perProject.id, perProject);
    const asked: unknown[] = [];
    const source = {
      metricsInWindow: (window: unknown) => {
        asked.push(window);
        return EMPTY;
      },
    };
    new AlertEvaluator(model, source, () => {}, { intervalMs: 1000, windowScale: 1, now: () => new Date(600_000) }).evaluateAll();
    expect(asked).toEqual([
      { accountId: 'other-account', from: 300_000, to: 600_000 },
      { accountId: 'demo-account', from: 300_000, to: 600_000, projectId: 'PROJECT-demo0001' },
    ]);
  });
});
