// Deployments: for each agent and environment, the deployment that runs there, the greeting a
// visitor gets, and the real-time variables set on top of it.

import { Fragment, h } from 'preact';
import { dateTime } from '../format';
import { type EnvironmentView, fetchDeployments, greetingOf } from '../platform-api';
import { Badge, LiveStatus } from '../status';
import { usePolling } from '../use-polling';

export function DeploymentsPage() {
  const polled = usePolling((signal) => fetchDeployments(signal), 'deployments', 5_000);
  return (
    <section>
      <h1 id="deployments-title">Deployments</h1>
      <LiveStatus polled={polled} what="deployments" everySeconds={5} />
      {polled.data?.map((agent) => (
        <section key={agent.agentId} aria-labelledby={`agent-${agent.agentId}`}>
          <h2 id={`agent-${agent.agentId}`}>
            {agent.name} <span class="id muted">{agent.agentId}</span>
          </h2>
          <div class="environments">
            {agent.environments.map((environment) => (
              <EnvironmentCard key={environment.environment} agentId={agent.agentId} environment={environment} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}

function EnvironmentCard({ agentId, environment }: { agentId: string; environment: EnvironmentView }) {
  const greeting = greetingOf(environment);
  const variables = Object.entries(environment.variables);
  const id = `env-${agentId}-${environment.environment}`;
  return (
    <section class="card" aria-labelledby={id}>
      <h3 id={id}>{environment.environment}</h3>
      <dl class="facts">
        <dt>Running</dt>
        <dd>
          {environment.deploymentId ? (
            <>
              <span class="id">{environment.deploymentId}</span> <Badge value={environment.state} /> revision {environment.revision ?? '—'},{' '}
              {dateTime(environment.deployedAt)}
            </>
          ) : (
            'Nothing deployed: the built-in definition'
          )}
        </dd>
        <dt>Greeting</dt>
        <dd>
          {greeting ? (
            <>
              <q class="greeting">{greeting.text}</q> <span class="muted">(from the {greeting.source})</span>
            </>
          ) : (
            'The built-in greeting'
          )}
        </dd>
        <dt>Real-time variables</dt>
        <dd>
          {variables.length === 0 ? (
            'None'
          ) : (
            <ul class="variables">
              {variables.map(([name, value]) => (
                <li key={name}>
                  <code>{name}</code> = <code>{JSON.stringify(value)}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
