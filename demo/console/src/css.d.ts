// Vite bundles imported style sheets; for the type checker they are modules without exports.
declare module '*.css';
