/**
 * `npm start`: builds the console and the widget when their output is missing or older than
 * their sources, then starts the server (server/main.ts starts it when imported).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIGS = ['vite.config.console.ts', 'vite.config.widget.ts'];
const OUTPUTS = ['dist/console/index.html', 'dist/widget/widget.js'];
const SOURCES = ['console', 'widget', 'shared', ...CONFIGS];

/** Modification time of `file`, or of the newest file under it when it is a folder; 0 if absent. */
function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = readdirSync(file, { recursive: true, encoding: 'utf8' });
  return Math.max(stat.mtimeMs, ...entries.map((entry) => statSync(path.join(file, entry)).mtimeMs));
}

function viteBuild(config: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '-c', config], {
      cwd: repo,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build -c ${config} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(repo, source))));
const stale = OUTPUTS.some((output) => newestMtime(path.join(repo, output)) < sourcesChangedAt);

if (stale) {
  console.log('Building console and widget…');
  try {
    for (const config of CONFIGS) await viteBuild(config);
  } catch (error) {
    console.error(`\nThe build failed, so the server was not started: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await import('./main.js');
