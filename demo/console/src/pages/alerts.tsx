// Alerts: the rules of the demo account with their state, since when, and the value they last
// measured; then each webhook endpoint with its deliveries (attempts, outcome, next retry).

import { h } from 'preact';
import { dateTime } from '../format';
import { fetchAlertRules, fetchDeliveries, type WebhookEndpoint } from '../platform-api';
import { Badge, LiveStatus, Scroll } from '../status';
import { usePolling } from '../use-polling';

const UNITS: Record<string, string> = { turn_latency_p50: ' ms', turn_latency_p95: ' ms' };

export function AlertsPage() {
  const rules = usePolling((signal) => fetchAlertRules(signal), 'rules');
  const endpoints = usePolling((signal) => fetchDeliveries(signal), 'deliveries');
  return (
    <section>
      <h1 id="alerts-title">Alerts</h1>
      <h2>Alert rules</h2>
      <LiveStatus polled={rules} what="alert rules" />
      {rules.data && rules.data.length === 0 ? <p>No alert rule. Create one with the Alerts API (POST /v1/alert-rules).</p> : null}
      {rules.data && rules.data.length > 0 ? (
        <Scroll label="Alert rules">
          <table class="list">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Condition</th>
                <th scope="col">State</th>
                <th scope="col">Since</th>
                <th scope="col" class="number">
                  Current value
                </th>
                <th scope="col">Last evaluated</th>
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => {
                const unit = UNITS[rule.metric] ?? '';
                return (
                  <tr key={rule.id}>
                    <th scope="row">
                      {rule.name} <span class="id muted">{rule.id}</span>
                    </th>
                    <td>
                      <code>
                        {rule.metric} {rule.operator} {rule.threshold}
                        {unit}
                      </code>{' '}
                      over {rule.window}
                    </td>
                    <td>
                      <Badge value={rule.enabled ? rule.state : 'disabled'} />
                    </td>
                    <td>{dateTime(rule.since)}</td>
                    <td class="number">{rule.currentValue === null ? '—' : `${rule.currentValue}${unit}`}</td>
                    <td>{dateTime(rule.lastEvaluatedAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Scroll>
      ) : null}
      <h2>Webhook deliveries</h2>
      <LiveStatus polled={endpoints} what="webhook deliveries" />
      {endpoints.data && endpoints.data.length === 0 ? <p>No webhook endpoint.</p> : null}
      {endpoints.data?.map((endpoint) => (
        <EndpointDeliveries key={endpoint.id} endpoint={endpoint} />
      ))}
    </section>
  );
}

function EndpointDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <section class="endpoint" aria-labelledby={`endpoint-${endpoint.id}`}>
      <h3 id={`endpoint-${endpoint.id}`}>
        {endpoint.name} <span class="id muted">{endpoint.url}</span>
      </h3>
      <p class="muted">Subscribed to {endpoint.eventTypes.join(', ')}</p>
      {endpoint.deliveries.length === 0 ? (
        <p>No delivery yet.</p>
      ) : (
        <Scroll label={`Deliveries to ${endpoint.name}`}>
          <table class="list">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Message</th>
                <th scope="col">Outcome</th>
                <th scope="col" class="number">
                  Attempts
                </th>
                <th scope="col">Receiver answered</th>
                <th scope="col">Last attempt</th>
                <th scope="col">Next retry</th>
              </tr>
            </thead>
            <tbody>
              {endpoint.deliveries.map((delivery) => (
                <tr key={delivery.webhookId}>
                  <th scope="row">{delivery.eventType}</th>
                  <td class="id">{delivery.webhookId}</td>
                  <td>
                    <Badge value={delivery.outcome} />
                  </td>
                  <td class="number">{delivery.attempts}</td>
                  <td>{delivery.status === null ? (delivery.error ?? 'no answer') : `HTTP ${delivery.status}`}</td>
                  <td>{dateTime(delivery.lastAttemptAt)}</td>
                  <td>{delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </section>
  );
}
