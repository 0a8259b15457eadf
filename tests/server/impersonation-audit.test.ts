/**
 * Impersonated requests arriving together share one audit INSERT (ImpersonationAudit), yet each
 * still has its row before it runs, and none runs when the row cannot be written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../server/db/auditLog.js';
import { getAccountSecrets } from '../../server/settings/accountSecrets.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp;
afterEach(() => t.close());

async function adminAndUser() {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'admin' });
  const user = await t.createUser();
  const { accessToken } = await t.login(admin.username, admin.password);
  return { admin, user, headers: t.auth(accessToken, user.id) };
}

describe('impersonation audit', () => {
  it('writes a row for each of several requests sent at once', async () => {
    const { admin, user, headers } = await adminAndUser();
    const paths = ['/api/accounts/settings', '/api/tools', '/api/agents', '/api/custom-values', '/api/webchats'];
    const answers = await Promise.all(paths.map((url) => t.app.inject({ method: 'GET', url, headers })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(paths.map(() => 200));
    const rows = await listAuditEntries(t.db, admin.id);
    expect(rows.map((row) => row.path).sort()).toEqual([...paths].sort());
    expect(rows.every((row) => row.target_id === user.id && row.method === 'GET')).toBe(true);
  });

  it('refuses to run a request whose audit row cannot be written', async () => {
    const { user, headers } = await adminAndUser();
    await t.db.schema.dropTable('audit_log').execute();
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/settings',
      headers,
      payload: { openai_api_key: 'sk-never-saved-1234' },
    });
    expect(answer.statusCode).toBe(500);
    expect((await getAccountSecrets(t.db, t.app.secretBox, user.id)).openaiApiKey).toBeNull();
  });
});
