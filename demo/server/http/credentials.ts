// The keys of the reference platform (docs/platform.md lists them). Each key is scoped to the
// demo project: `private-project` exists but no key holds a permission on it (403).

export const CREDENTIALS = {
  chatApiKey: 'demo-api-key',
  chatConnectorToken: 'demo-connector-token',
  conversationsApiKey: 'demo-api-key',
  outboundToken: 'demo-outbound-token',
  eventsApiKey: 'demo-events-key',
} as const;

export const PERMITTED_PROJECT = 'demo-project';

export function keyPermitsProject(projectSlug: string): boolean {
  return projectSlug === PERMITTED_PROJECT;
}
