/**
 * `npm start`: builds the console and the widget when their output is missing or older than
 * their sources, then starts the server (server/main.ts starts it when imported). Each build's
 * output is kept back: one line per build, the full output only when it fails, so the terminal
 * shows the first superadmin's password rather than a hundred lines of Vite. SIGINT or SIGTERM
 * during a build stops the build and exits; after it, main.ts handles them (issue 7, finding 16).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILDS = [
  { name: 'console', config: 'vite.config.console.ts', output: 'dist/console/index.html' },
  { name: 'widget', config: 'vite.config.widget.ts', output: 'dist/widget/widget.js' },
];
const SOURCES = ['console', 'widget', 'shared', ...BUILDS.map((build) => build.config)];
// Vite's own CLI, run with this Node: no npx (and its warnings), no shell, the same on every OS.
const VITE = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** Modification time of `file`, or of the newest file under it when it is a folder; 0 if absent. */
function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = readdirSync(file, { recursive: true, encoding: 'utf8' });
  return Math.max(stat.mtimeMs, ...entries.map((entry) => statSync(path.join(file, entry)).mtimeMs));
}

let building: ChildProcess | null = null;
let interrupted: NodeJS.Signals | null = null;

function stopBuilding(signal: NodeJS.Signals): void {
  interrupted = signal;
  building?.kill(signal);
  if (!building) process.exit(128 + constants.signals[signal]);
}

/** Runs one Vite build with its output captured; resolves with the output, rejects with it on failure. */
function viteBuild(config: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, 'build', '-c', config], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    building = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(Object.assign(error, { output })));
    child.on('close', (code, signal) => {
      building = null;
      if (code === 0) resolve(output);
      else
        reject(
          Object.assign(new Error(`vite build -c ${config} failed (${signal ?? `exit code ${code}`})`), { output }),
        );
    });
  });
}

const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(repo, source))));
const stale = BUILDS.some((build) => newestMtime(path.join(repo, build.output)) < sourcesChangedAt);

if (stale) {
  process.on('SIGINT', stopBuilding);
  process.on('SIGTERM', stopBuilding);
  console.log('Building the console and the widget (first start, or their sources changed)…');
  for (const build of BUILDS) {
    const started = performance.now();
    try {
      await viteBuild(build.config);
    } catch (error) {
      if (interrupted) process.exit(128 + constants.signals[interrupted]);
      const output = (error as { output?: unknown }).output;
      if (typeof output === 'string' && output.trim() !== '') process.stderr.write(`${output.trimEnd()}\n`);
      console.error(
        `\nThe build failed, so the server was not started: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    }
    console.log(`  built the ${build.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  process.off('SIGINT', stopBuilding);
  process.off('SIGTERM', stopBuilding);
}

await import('./main.js');
