/**
 * Account settings (spec part 2 §7), under /api/accounts/settings, for the effective user: while
 * impersonating, an admin views and saves the impersonated user's settings.
 *
 * PUT checks what it saved with the providers and answers a check per card (issue 18). A refusal
 * does not undo the save: Save keeps meaning "store what I typed"; the refusal shows on the card at
 * once, in the provider's words; and a provider's 401 is not always the key's fault (an
 * OpenAI-compatible gateway that guards its model list differently, a Twilio account mid-change),
 * where refusing would leave no way to store the value at all.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { SettingsResponse, SuccessResponse } from '../../shared/types/api.js';
import { requireUser } from '../auth/requireUser.js';
import { readSettingsView, SETTING_COLUMNS } from '../settings/accountSecrets.js';
import { SettingsViews } from '../settings/SettingsViews.js';
import { deleteAccountSettings, resetSettings, type SettingsChanges, saveSettings } from '../settings/saveSettings.js';

const SettingValue = Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]);

/** Either casing is accepted (spec part 2 §3); the lower-case key wins when both are sent. */
const SettingsBody = Type.Object(
  {
    openai_api_key: Type.Optional(SettingValue),
    twilio_account_sid: Type.Optional(SettingValue),
    twilio_auth_token: Type.Optional(SettingValue),
    OPENAI_API_KEY: Type.Optional(SettingValue),
    TWILIO_ACCOUNT_SID: Type.Optional(SettingValue),
    TWILIO_AUTH_TOKEN: Type.Optional(SettingValue),
  },
  { additionalProperties: false },
);

export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secretBox, clock, config } = app;
  const checks = {
    openaiBaseUrl: config.openaiBaseUrl,
    twilioApiBaseUrl: config.twilioApiBaseUrl,
    timeoutMs: config.credentialCheckTimeoutMs,
  };
  const services = { db, secretBox, checks };
  // Per app, like every cache; keyed by the stored ciphertexts, so writes need not tell it.
  const views = new SettingsViews();

  app.get(
    '',
    { config: { ownerAnswer: true } },
    async (request): Promise<SettingsResponse> => ({
      success: true,
      settings: await readSettingsView(db, secretBox, requireUser(request).id, views),
    }),
  );

  app.put('', { schema: { body: SettingsBody } }, async (request): Promise<SettingsResponse> => {
    const body = request.body;
    const changes: SettingsChanges = {};
    for (const [upper, column] of Object.entries(SETTING_COLUMNS) as Array<
      [keyof typeof SETTING_COLUMNS, keyof SettingsChanges]
    >) {
      if (body[column] !== undefined) changes[column] = body[column];
      else if (body[upper] !== undefined) changes[column] = body[upper];
    }
    return saveSettings(services, requireUser(request).id, changes, clock());
  });

  app.post(
    '/reset',
    async (request): Promise<SettingsResponse> => resetSettings(services, requireUser(request).id, clock()),
  );

  app.delete('', async (request): Promise<SuccessResponse> => {
    await deleteAccountSettings(db, requireUser(request).id);
    return { success: true, message: 'Account settings deleted successfully' };
  });
}
