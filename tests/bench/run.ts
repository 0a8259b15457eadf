/** `npm run bench [name…]`: runs every bench (or the named ones), prints tables, writes JSON. */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench } from './harness.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = new Set(process.argv.slice(2));
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();
await mkdir(path.join(dir, 'results'), { recursive: true });

let failed = 0;
for (const file of files) {
  const { bench } = (await import(pathToFileURL(path.join(dir, file)).href)) as { bench: Bench };
  if (only.size > 0 && !only.has(bench.name)) continue;
  console.log(`\n## ${bench.name}: ${bench.description}`);
  try {
    const rows = await bench.run();
    const budgeted = rows.some((r) => r.budget !== undefined);
    console.table(
      rows.map((r) => ({
        metric: r.metric,
        value: r.value,
        unit: r.unit,
        ...(budgeted ? { budget: r.budget ?? '', result: r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL' } : {}),
        note: r.note ?? '',
      })),
    );
    const missed = rows.filter((r) => r.pass === false);
    if (missed.length > 0) {
      failed += 1;
      console.error(
        `bench ${bench.name}: ${missed.length} budget(s) missed: ${missed.map((r) => r.metric).join('; ')}`,
      );
    }
    const out = {
      name: bench.name,
      description: bench.description,
      at: new Date().toISOString(),
      node: process.version,
      rows,
    };
    await writeFile(path.join(dir, 'results', `${bench.name}.json`), `${JSON.stringify(out, null, 2)}\n`);
  } catch (error) {
    failed += 1;
    console.error(`bench ${bench.name} failed:`, error);
  }
}
process.exit(failed > 0 ? 1 : 0);
