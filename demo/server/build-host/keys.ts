// API keys of the build and monitoring host. A key belongs to one workspace (Agents API) and the
// account behind it (Alerts API); keys are issued by the operator, never created through the API.

export interface BuildPrincipal {
  workspace: string;
  /** Alert rules and webhook endpoints are scoped to this account. */
  account: string;
}

const KEYS: ReadonlyMap<string, BuildPrincipal> = new Map([
  ['demo-build-key', { workspace: 'demo-workspace', account: 'demo-account' }],
  // A second tenant, so tests can prove one workspace cannot reach another's resources (403).
  ['other-workspace-key', { workspace: 'other-workspace', account: 'other-account' }],
]);

export function principalForKey(key: string | undefined): BuildPrincipal | undefined {
  return key === undefined ? undefined : KEYS.get(key);
}
