// The Chat API's variant rules, in one place: `variant_id` is "accepted only on create and cannot
// change after start", and it routes the conversation to a variant the agent has deployed.

import type { DeployedVariant } from '../model/agent-definition';

export type VariantCheck = { ok: true; variantId: string | undefined } | { ok: false; error: string };

/**
 * `create`: absent means the deployed default; otherwise it must name a deployed variant. That it
 * is a string is the request schema's rule (ChatCreateRequest), checked before this.
 */
export function checkCreateVariant(value: string | undefined, deployed: readonly DeployedVariant[]): VariantCheck {
  if (value === undefined) return { ok: true, variantId: undefined };
  if (!deployed.some((variant) => variant.id === value)) {
    const known = deployed.map((variant) => variant.id).join(', ');
    return { ok: false, error: `Unknown variant_id ${value}: the deployed variants are ${known}` };
  }
  return { ok: true, variantId: value };
}

/** `respond` and `close`: a variant_id is refused rather than silently ignored. */
export function refuseVariantAfterCreate(body: Readonly<Record<string, unknown>>): string | undefined {
  return Object.hasOwn(body, 'variant_id') ? 'variant_id is accepted only on create' : undefined;
}
