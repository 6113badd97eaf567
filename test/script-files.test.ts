// The loader finds each file's digest by its place in one string: the order it knows (FILE_NAMES)
// must be the order the build writes them in (vite.config.ts, from SCRIPT_FILE_NAMES in scripts/script-files.ts).
import { describe, expect, it } from 'vitest';
import { SCRIPT_FILE_NAMES } from '../scripts/script-files';
import { FILE_NAMES } from '../src/loader/conversation-loader';

describe('the files beside the loader', () => {
  it('are known to the loader in the order the build writes their digests', () => {
    expect(FILE_NAMES).toEqual(SCRIPT_FILE_NAMES);
  });
});
