// `node --import ./scripts/openapi-typescript/register.mjs …`: openapi-typescript's own CLI, with
// the TypeScript 5 compiler API it needs (the project's TypeScript 7 has none). `npm run
// openapi:typescript -- <document> -o <file>` runs it this way (docs/platform.md).
import { register } from 'node:module';

register('./typescript-5.mjs', import.meta.url);
