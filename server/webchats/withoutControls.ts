import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import type { Checked } from '../agents/fieldRules.js';

/** A check that also refuses control and text-direction characters (the rule of all names). */
export function withoutControls(check: (value: unknown) => Checked<string>) {
  return (value: unknown): Checked<string> => {
    const checked = check(value);
    const problem = checked.ok ? controlCharacterProblem(checked.value) : null;
    return problem ? { ok: false, error: problem } : checked;
  };
}
