// `import text from './file.css?inline'`: Vite hands over the stylesheet as a string (minified in
// the script build) instead of injecting it into the page.
declare module '*.css?inline' {
  const stylesheet: string;
  export default stylesheet;
}
