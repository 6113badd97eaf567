// The one account of the reference platform and its projects, in both the slug and the
// prefixed form the platform accepts. Records store the slug.

export const ACCOUNT = { slug: 'demo-account', id: 'ACCOUNT-demo0001' } as const;

export interface Project {
  slug: string;
  id: string;
  /** The account (slug) the project belongs to. */
  account: string;
}

export const PROJECTS: readonly Project[] = [
  { slug: 'demo-project', id: 'PROJECT-demo0001', account: ACCOUNT.slug },
  // Exists, but none of the runtime keys holds a permission on it: exercises 403.
  { slug: 'private-project', id: 'PROJECT-private01', account: ACCOUNT.slug },
];

export const DEMO_PROJECT = 'demo-project';

export function isAccount(value: string): boolean {
  return value === ACCOUNT.slug || value === ACCOUNT.id;
}

/** The project named by either form, or undefined for an unknown project. */
export function findProject(value: string): Project | undefined {
  return PROJECTS.find((project) => project.slug === value || project.id === value);
}

/** The project's slug for either form, or undefined for an unknown project. */
export function projectSlug(value: string): string | undefined {
  return findProject(value)?.slug;
}

/** Whether two project ids, each in either form, name the same project. */
export function sameProject(a: string, b: string): boolean {
  return (projectSlug(a) ?? a) === (projectSlug(b) ?? b);
}

/**
 * The variants the demo agent is created with (its `main` branch and first deployment). From then
 * on the Agents API is the one truth: conversations run the variants deployed in their
 * environment. Ids follow the Agents API's `var_…` pattern.
 */
export const DEMO_VARIANTS: ReadonlyArray<{ id: string; name: string; isDefault: boolean; values: Readonly<Record<string, string>> }> = [
  { id: 'var_default', name: 'Default', isDefault: true, values: {} },
  { id: 'var_spring', name: 'Spring Sale', isDefault: false, values: { campaign: 'spring-sale' } },
  { id: 'var_uk', name: 'UK Site', isDefault: false, values: { region: 'uk' } },
];
