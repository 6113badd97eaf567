import { Fragment, h } from 'preact';
import type { FeatureHost } from '../seam/feature-host';
import type { SlotName, SlotProps } from '../seam/types';

/** What the loaded features put in one named slot of the UI (nothing without features). */
export function Slot<S extends SlotName>({ features, name, props }: { features: FeatureHost | undefined; name: S; props: SlotProps[S] }) {
  const components = features?.slot(name);
  if (!components?.length) return null;
  return <Fragment>{components.map((component) => h(component, props))}</Fragment>;
}
