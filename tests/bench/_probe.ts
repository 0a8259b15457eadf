import { createTestApp } from '../helpers/serverApp.js';
import { seedUser } from './httpUsers.js';
import { DevNull } from './_devnull.js';
const t = await createTestApp({ config: { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } }, logStream: new DevNull(), logLevel: 'info' });
const u = await seedUser(t, 10);
for (const url of (process.argv[2] ?? '/api/accounts/settings').split(',')) {
  for (let i = 0; i < 2000; i++) await t.app.inject({ method: 'GET', url, headers: u.headers });
  const n = 10000; const s = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await t.app.inject({ method: 'GET', url, headers: u.headers });
  console.log(url, Number(process.hrtime.bigint() - s) / n / 1000, 'µs/req');
}
await t.close();
