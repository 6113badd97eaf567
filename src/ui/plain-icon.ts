// One of the widget's icons as an <svg> element, drawn without Preact, in the shape Icon.tsx
// renders: the loader's launcher and the teaser's "Dismiss" each put one in a button.

import { ICONS } from './icons';

const SVG = 'http://www.w3.org/2000/svg';

export function plainIcon(name: keyof typeof ICONS): SVGSVGElement {
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  icon.append(path);
  return icon;
}
