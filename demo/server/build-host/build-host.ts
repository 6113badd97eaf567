// The build and monitoring host: the Agents API and the Alerts API behind one router, over the
// shared platform model — the demo agent reads its definition from the Agents API, and alert
// rules evaluate what the model measured.

import { AGENTS_PREFIX, type AgentsApi, createAgentsApi } from '../agents/agents-api';
import { ALERTS_PREFIXES, type AlertsApi, type AlertsOptions, createAlertsApi } from '../alerts/alerts-api';
import type { PlatformModel } from '../model/platform-model';
import type { Pacing } from '../options';
import { BuildHostRouter } from './router';

export interface BuildHost {
  router: BuildHostRouter;
  agents: AgentsApi;
  alerts: AlertsApi;
  /** Test-only: the demo agent's extra pause before each reply. */
  agentReplyDelay: AgentReplyDelay;
  close(): void;
}

export function createBuildHost(model: PlatformModel, pacing: Pacing, alertsOptions: AlertsOptions = {}): BuildHost {
  const agents = createAgentsApi();
  model.useAgentDefinitions(agents.demoAgent);
  const alerts = createAlertsApi(model, alertsOptions);
  return {
    router: new BuildHostRouter([AGENTS_PREFIX, ...ALERTS_PREFIXES], [...agents.routes, ...alerts.routes]),
    agents,
    alerts,
    agentReplyDelay: new AgentReplyDelay(pacing),
    close: () => alerts.close(),
  };
}

/**
 * Slows the demo agent down by lengthening its thinking pause: the pause sits inside every turn,
 * so the turn latencies the alerts measure grow by exactly this much. The pacing object is this
 * server's own (options are resolved per server) and every agent turn reads it when it runs.
 */
export class AgentReplyDelay {
  private readonly baseThinkingMs: number;

  constructor(private readonly pacing: Pacing) {
    this.baseThinkingMs = pacing.thinkingDelayMs;
  }

  get extraMs(): number {
    return this.pacing.thinkingDelayMs - this.baseThinkingMs;
  }

  set(extraMs: number): void {
    this.pacing.thinkingDelayMs = this.baseThinkingMs + extraMs;
  }
}
