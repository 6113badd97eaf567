// The variant filter of the conversation list: it offers the variants deployed in the chosen
// environment, read from the Agents API (the one source of variants), so it shows exactly what the
// platform runs there — a variant published and promoted appears without a reload.

import { Fragment, h } from 'preact';
import { fetchDeployedVariants } from '../platform-api';
import { usePolling } from '../use-polling';

export const VARIANTS_INTERVAL_MS = 5_000;

export function VariantFilter({
  environment,
  value,
  onChange,
}: {
  environment: string;
  value: string;
  onChange: (variantId: string) => void;
}) {
  const polled = usePolling((signal) => fetchDeployedVariants(environment, signal), `variants|${environment}`, VARIANTS_INTERVAL_MS);
  const variants = polled.data ?? [];
  // A variant named by the address but not deployed here (any more) stays chosen and says so.
  const unknown = value !== '' && !variants.some((variant) => variant.id === value);
  return (
    <>
      <label>
        <span>Variant</span>
        <select value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">All variants</option>
          {variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {variant.name || variant.id}
            </option>
          ))}
          {unknown ? <option value={value}>{polled.data ? `${value} (not deployed in ${environment})` : value}</option> : null}
        </select>
      </label>
      {polled.error ? (
        <span role="alert" class="error">
          Could not read the variants: {polled.error}
        </span>
      ) : null}
    </>
  );
}
