// Preact for Vite and Vitest with the classic JSX transform: TSX compiles to plain `h(...)` calls
// (`h` and `Fragment` imported from preact in each file, as tsconfig's jsxFactory says), so the
// bundle carries no jsx-runtime wrapper. The preset sets the automatic runtime; the plugin after
// it sets the classic one back (a later plugin's config wins).
import preact from '@preact/preset-vite';
import type { PluginOption } from 'vite';

type PresetOptions = Parameters<typeof preact>[0];

export function preactClassicJsx(options?: PresetOptions): PluginOption[] {
  return [
    preact(options),
    {
      name: 'preact-classic-jsx',
      // development: false — the development transform adds __self/__source props to every element,
      // which would make memoized components see changed props on every render in dev and tests.
      config: () => ({ oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment', development: false } } }),
    },
  ];
}
