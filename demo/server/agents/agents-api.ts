// The Agents API as one unit: its model (with the demo agent), its routes, and what the demo
// agent reads from it.

import { GREETING } from '../agent/demo-content';
import type { Route } from '../build-host/router';
import { agentRoutes } from './agent-routes';
import { contentRoutes } from './content-routes';
import { DeployedDefinitions } from './definitions';
import { DEMO_AGENT_ID, DEMO_BEHAVIOR, seedDemoAgent } from './demo-agent-seed';
import { deploymentRoutes } from './deployment-routes';
import { AgentsModel } from './model';
import { runtimeRoutes } from './runtime-routes';

export const AGENTS_PREFIX = '/v1/agents';

export interface AgentsApi {
  model: AgentsModel;
  routes: Route[];
  /** The demo agent's definition per environment, as deployed and overridden in real time. */
  demoAgent: DeployedDefinitions;
}

export function createAgentsApi(now?: () => Date): AgentsApi {
  const model = new AgentsModel(now);
  seedDemoAgent(model);
  return {
    model,
    routes: [...agentRoutes(model), ...contentRoutes(model), ...deploymentRoutes(model), ...runtimeRoutes(model)],
    demoAgent: new DeployedDefinitions(model, DEMO_AGENT_ID, { greeting: GREETING, behavior: DEMO_BEHAVIOR }),
  };
}
