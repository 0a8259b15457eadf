/**
 * What GET /api/accounts/settings shows (masked keys, the account SID), remembered by what is
 * stored, so a repeat request does not decrypt three AES-GCM values to show two of them masked.
 * The key is the user id and the three sealed values: a saved secret is always a new ciphertext
 * (its IV is random), so a change on this instance or on any other is a new key, a deleted row
 * has no key, and nothing ever needs invalidating for correctness. Whole secrets are never kept
 * here. Bounded, oldest first out; one per app (settingsRoutes).
 */
import type { AccountSettings } from '../../shared/types/settings.js';
import type { SettingsRecord } from '../db/settings.js';

export class SettingsViews {
  readonly #views = new Map<string, Readonly<AccountSettings>>();

  constructor(private readonly maxEntries = 5000) {}

  /** The view of `row` for `userId`: remembered, or made by `show` (which decrypts) and remembered. */
  view(userId: string, row: SettingsRecord | undefined, show: () => AccountSettings): Readonly<AccountSettings> {
    const key = `${userId}\n${row?.openai_api_key ?? ''}\n${row?.twilio_account_sid ?? ''}\n${row?.twilio_auth_token ?? ''}`;
    const known = this.#views.get(key);
    if (known) return known;
    const view = Object.freeze(show());
    if (this.#views.size >= this.maxEntries) {
      const oldest = this.#views.keys().next();
      if (!oldest.done) this.#views.delete(oldest.value);
    }
    this.#views.set(key, view);
    return view;
  }

  /** Forgets every view: never needed for correctness (see above), offered for memory. */
  invalidateAll(): void {
    this.#views.clear();
  }
}
