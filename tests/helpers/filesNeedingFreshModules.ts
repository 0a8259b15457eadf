import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a test file says, on a line of its own, when it needs modules nobody loaded before it. */
export const FRESH_MODULES_MARK = '// Needs fresh modules:';

/**
 * The test files under `dir` (relative to `root`) that need vitest's isolation even where the other
 * files of their project share one module graph (`isolate: false`): those that replace modules
 * with `vi.mock`/`vi.doMock` (a mock must not outlive its file) and those that carry
 * FRESH_MODULES_MARK with the reason (such as watching a lazy page load for the first time).
 */
export function filesNeedingFreshModules(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir))
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `${dir}/${name}`)
    .filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return /\bvi\.(do)?[mM]ock\(/.test(text) || text.includes(FRESH_MODULES_MARK);
    });
}
