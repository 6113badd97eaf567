import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseVariants } from '../platform-api';
import { VariantFilter } from './variant-filter';

// The Agents API as the platform answers it: the demo agent serves one deployment per environment.
const SERVING: Record<string, string | null> = { live: 'dep_live', sandbox: 'dep_sandbox', 'pre-release': null };
const DEPLOYED: Record<string, unknown[]> = {
  dep_live: [
    { id: 'var_default', name: 'Default', isDefault: true },
    { id: 'var_uk', name: 'UK Site', isDefault: false },
  ],
  dep_sandbox: [
    { id: 'var_default', name: 'Default', isDefault: true },
    { id: 'var_fr', name: 'France', isDefault: false },
  ],
};

function agentsApi(requests: string[]) {
  return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    requests.push(`${url} ${new Headers(init?.headers).get('x-api-key')}`);
    const deployment = /\/deployments\/(dep_\w+)$/.exec(url)?.[1];
    const found =
      url === '/v1/agents/demo-agent'
        ? { agentId: 'demo-agent', environments: SERVING }
        : deployment
          ? { id: deployment, variants: DEPLOYED[deployment] }
          : undefined;
    return new Response(JSON.stringify(found ?? { message: 'not found' }), { status: found ? 200 : 404 });
  });
}

afterEach(() => vi.unstubAllGlobals());

function optionNames(): string[] {
  return within(screen.getByRole('combobox', { name: 'Variant' }))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('VariantFilter', () => {
  it('offers the variants deployed in the chosen environment, read with the build key', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', agentsApi(requests));
    const onChange = vi.fn();
    const view = render(<VariantFilter environment="live" value="" onChange={onChange} />);
    await waitFor(() => expect(optionNames()).toEqual(['All variants', 'Default', 'UK Site']));
    expect(requests).toEqual(['/v1/agents/demo-agent demo-build-key', '/v1/agents/demo-agent/deployments/dep_live demo-build-key']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Variant' }), { target: { value: 'var_uk' } });
    expect(onChange).toHaveBeenCalledWith('var_uk');

    view.rerender(<VariantFilter environment="sandbox" value="" onChange={onChange} />);
    await waitFor(() => expect(optionNames()).toEqual(['All variants', 'Default', 'France']));
    view.unmount();
  });

  it('keeps a chosen variant that is not deployed there, and says so', async () => {
    vi.stubGlobal('fetch', agentsApi([]));
    const view = render(<VariantFilter environment="sandbox" value="var_uk" onChange={() => {}} />);
    await waitFor(() => expect(optionNames()).toEqual(['All variants', 'Default', 'France', 'var_uk (not deployed in sandbox)']));
    expect(screen.getByRole('combobox', { name: 'Variant' })).toHaveProperty('value', 'var_uk');
    view.unmount();
  });

  it('offers none when nothing is deployed, and shows a failed read', async () => {
    vi.stubGlobal('fetch', agentsApi([]));
    const view = render(<VariantFilter environment="pre-release" value="" onChange={() => {}} />);
    await waitFor(() => expect(optionNames()).toEqual(['All variants']));
    view.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid API key' }), { status: 401 })),
    );
    render(<VariantFilter environment="live" value="" onChange={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read the variants: 401 Invalid API key');
  });
});

describe('parseVariants', () => {
  it('reads id, name and default flag, and drops entries without an id', () => {
    expect(parseVariants([{ id: 'var_a', name: 'A', isDefault: true }, { name: 'no id' }, { id: 'var_b', isDefault: 'yes' }])).toEqual([
      { id: 'var_a', name: 'A', isDefault: true },
      { id: 'var_b', name: '', isDefault: false },
    ]);
    expect(() => parseVariants('nope')).toThrow();
  });
});
