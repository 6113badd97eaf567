// Vite's import.meta.glob, as far as src/ uses it (src/features/): the modules of a folder pattern,
// found at build time. Eager with `import`: that one export of each module (the others are
// tree-shaken away); lazy: a function that imports the module.
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: string }): Record<string, T>;
  glob<T>(pattern: string): Record<string, () => Promise<T>>;
}
