/** Runs both Vite builds so size figures describe the current sources. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export function buildDist(): void {
  for (const config of ['vite.config.console.ts', 'vite.config.widget.ts']) {
    const run = spawnSync('npx', ['vite', 'build', '-c', config, '--logLevel', 'warn'], {
      cwd: REPO,
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`vite build -c ${config} failed`);
  }
}
