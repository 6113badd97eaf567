// Alert rules: create (at most 10 per account), list with filters, read, update a flat subset,
// delete; and GET /v1/alerts, the rules firing now.

import { ApiError, conflict, forbidden, malformedId, notFound } from '../build-host/api-error';
import { FieldReader } from '../build-host/fields';
import { matchesId, newId } from '../build-host/ids';
import type { BuildPrincipal } from '../build-host/keys';
import { created, noContent, ok, type Route } from '../build-host/router';
import { findProject, sameProject } from '../model/tenancy';
import { queryFieldErrors } from '../openapi/field-errors';
import { type AlertRule, type AlertsModel, MAX_RULES_PER_ACCOUNT, METRICS, OPERATORS, ruleView, WINDOWS } from './model';

const RULE_ID = /^ar_[A-Za-z0-9]+$/;

/**
 * A rule's `project_id` names a project of the key's account, in either id form: an unknown one
 * is 404, another account's 403 (the build host's order: existence, then ownership).
 */
function checkProject(principal: BuildPrincipal, projectId: string | null | undefined): void {
  if (projectId === null || projectId === undefined) return;
  const project = findProject(projectId);
  if (!project)
    throw new ApiError(404, `Project ${projectId} not found`, [{ field: 'project_id', message: 'no such project in this account' }]);
  if (project.account !== principal.account)
    throw new ApiError(403, `This key has no permission for project ${projectId}`, [
      { field: 'project_id', message: 'belongs to another account' },
    ]);
}

/** Not evaluated yet (new, or just disabled or enabled): `ok` until an evaluation says otherwise. */
function resetState(rule: AlertRule, at: string): void {
  rule.current_state = 'ok';
  rule.since = at;
  rule.current_value = null;
  // An open alert closes without a webhook.
  rule.triggered_at = null;
}

/** A rule's fields as a create or an update body gives them (an update leaves out what it keeps); a 400 naming every wrong one. */
function readRuleFields(operationId: 'createAlertRule' | 'updateAlertRule', body: unknown) {
  const fields = new FieldReader(operationId, body);
  const read = {
    name: fields.string('name'),
    projectId: fields.nullableString('project_id'),
    metric: fields.oneOf('metric', METRICS),
    operator: fields.oneOf('operator', OPERATORS),
    threshold: fields.integer('threshold_value'),
    window: fields.oneOf('window_duration', WINDOWS),
    enabled: fields.boolean('enabled'),
  };
  fields.check();
  return read;
}

export function ruleRoutes(model: AlertsModel, now: () => Date): Route[] {
  const findRule = (principal: BuildPrincipal, id: string): AlertRule => {
    if (!matchesId(RULE_ID, id)) throw malformedId('rule_id', RULE_ID.source);
    const rule = model.rules.get(id);
    if (!rule) throw notFound('Alert rule', id);
    if (rule.account !== principal.account) throw forbidden('alert rule');
    return rule;
  };

  return [
    {
      method: 'POST',
      path: '/v1/alert-rules',
      handle: ({ principal, body }) => {
        const { name, projectId, metric, operator, threshold, window, enabled } = readRuleFields('createAlertRule', body);
        checkProject(principal, projectId);
        if (model.rulesOf(principal.account).length >= MAX_RULES_PER_ACCOUNT)
          throw conflict(`Limit exceeded: an account has at most ${MAX_RULES_PER_ACCOUNT} alert rules`);
        const at = now().toISOString();
        const rule: AlertRule = {
          id: newId('ar_'),
          account: principal.account,
          name: name ?? '',
          project_id: projectId ?? null,
          metric: metric ?? 'api_errors',
          operator: operator ?? '>',
          threshold_value: threshold ?? 0,
          window_duration: window ?? '5m',
          enabled: enabled ?? true,
          // "A new rule defaults to `ok` until its first evaluation" (a disabled one stays `ok`).
          current_state: 'ok',
          created_at: at,
          updated_at: at,
          since: at,
          last_evaluated_at: null,
          current_value: null,
          triggered_at: null,
        };
        model.rules.set(rule.id, rule);
        return created(ruleView(rule));
      },
    },
    {
      method: 'GET',
      path: '/v1/alert-rules',
      handle: ({ principal, query }) => {
        // The filters' types and values are the OpenAPI document's.
        const errors = queryFieldErrors('listAlertRules', query);
        if (errors.length > 0) throw new ApiError(400, 'Invalid query parameters', errors);
        const enabled = query.get('enabled');
        const metric = query.get('metric');
        const state = query.get('state');
        const projectId = query.get('project_id');
        const rules = model
          .rulesOf(principal.account)
          .filter((rule) => enabled === null || String(rule.enabled) === enabled)
          .filter((rule) => metric === null || rule.metric === metric)
          .filter((rule) => state === null || rule.current_state === state)
          .filter((rule) => projectId === null || (rule.project_id !== null && sameProject(rule.project_id, projectId)));
        return ok({ data: rules.map(ruleView) });
      },
    },
    {
      method: 'GET',
      path: '/v1/alert-rules/:ruleId',
      handle: ({ principal, params }) => ok(ruleView(findRule(principal, params['ruleId'] ?? ''))),
    },
    {
      method: 'PATCH',
      path: '/v1/alert-rules/:ruleId',
      handle: ({ principal, params, body }) => {
        const rule = findRule(principal, params['ruleId'] ?? '');
        const { name, projectId, metric, operator, threshold, window, enabled } = readRuleFields('updateAlertRule', body);
        checkProject(principal, projectId);
        const at = now().toISOString();
        if (name !== undefined) rule.name = name;
        if (projectId !== undefined) rule.project_id = projectId;
        if (metric !== undefined) rule.metric = metric;
        if (operator !== undefined) rule.operator = operator;
        if (threshold !== undefined) rule.threshold_value = threshold;
        if (window !== undefined) rule.window_duration = window;
        if (enabled !== undefined && enabled !== rule.enabled) {
          rule.enabled = enabled;
          resetState(rule, at);
        }
        rule.updated_at = at;
        return ok(ruleView(rule));
      },
    },
    {
      method: 'DELETE',
      path: '/v1/alert-rules/:ruleId',
      handle: ({ principal, params }) => {
        model.rules.delete(findRule(principal, params['ruleId'] ?? '').id);
        return noContent();
      },
    },
    {
      method: 'GET',
      path: '/v1/alerts',
      handle: ({ principal, query }) => {
        const projectId = query.get('project_id');
        const firing = model
          .rulesOf(principal.account)
          .filter(
            (rule) =>
              rule.current_state === 'alert' &&
              (projectId === null || (rule.project_id !== null && sameProject(rule.project_id, projectId))),
          );
        return ok({
          data: firing.map((rule) => ({
            rule_id: rule.id,
            name: rule.name,
            project_id: rule.project_id,
            metric: rule.metric,
            operator: rule.operator,
            threshold_value: rule.threshold_value,
            window_duration: rule.window_duration,
            current_value: rule.current_value,
            since: rule.since,
            triggered_at: rule.triggered_at,
            last_evaluated_at: rule.last_evaluated_at,
          })),
        });
      },
    },
  ];
}
