// Module hook: openapi-typescript builds its output with the TypeScript compiler API, which
// TypeScript 7 (the project's type checker) does not have; it gets TypeScript 5 from beside this file.
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
    return next(new URL('./node_modules/typescript/lib/typescript.js', import.meta.url).href, context);
  }
  return next(specifier, context);
}
