/**
 * The one place that turns an agent's model setting (spec part 1 §5: 4o-mini, 4o-preview,
 * 4o-realtime) into a Realtime API model name. The preview models those names came from were
 * shut off with the beta interface (VOICE.md §2.1), so each maps to a current GA model: the
 * `gpt-realtime-2.1` family, because `gpt-realtime` and `gpt-realtime-mini` are reported to retire
 * on 2027-01-20 (VOICE.md §10, from secondary sources). Operators override any entry with
 * REALTIME_MODEL_MAP, e.g. `REALTIME_MODEL_MAP="4o-mini=gpt-realtime-mini-2025-12-15,4o-realtime=gpt-realtime-2"`.
 */
import { REALTIME_MODELS, type RealtimeModel } from '../../shared/defaults.js';

export type RealtimeModelMap = Readonly<Record<RealtimeModel, string>>;

export const DEFAULT_REALTIME_MODEL_MAP: RealtimeModelMap = {
  '4o-mini': 'gpt-realtime-2.1-mini',
  '4o-preview': 'gpt-realtime-2.1',
  '4o-realtime': 'gpt-realtime-2.1',
};

export const REALTIME_MODEL_MAP_VARIABLE = 'REALTIME_MODEL_MAP';

const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/**
 * The default table with the overrides of a `setting=model,…` list applied; problems (unknown
 * setting, malformed model name) are pushed to `problems` and that entry is ignored.
 */
export function parseRealtimeModelMap(raw: string | undefined, problems: string[]): RealtimeModelMap {
  const map: Record<RealtimeModel, string> = { ...DEFAULT_REALTIME_MODEL_MAP };
  if (raw === undefined) return map;
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [setting = '', model = '', ...extra] = entry.split('=').map((part) => part.trim());
    if (!(REALTIME_MODELS as readonly string[]).includes(setting) || !MODEL_NAME.test(model) || extra.length > 0) {
      problems.push(
        `${REALTIME_MODEL_MAP_VARIABLE} entries must look like 4o-mini=gpt-realtime-mini (settings: ${REALTIME_MODELS.join(', ')}), got "${entry}"`,
      );
      continue;
    }
    map[setting as RealtimeModel] = model;
  }
  return map;
}
