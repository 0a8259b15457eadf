/**
 * Mixed-script detection after UTS #39 §5.2, "Highly Restrictive": a name is fine when all its
 * letters share one script, or when it is Latin with Han and Japanese kana, Han and Bopomofo, or
 * Han and Hangul. Characters every script uses (digits, punctuation, combining marks) don't count.
 * Which script a character belongs to comes from the regex engine's Unicode data
 * (Script_Extensions); SCRIPT_NAMES only says which scripts are told apart.
 */

/**
 * Scripts told apart. A letter of a script not listed counts as one more script, "other": mixed
 * with any listed script it is refused, but two unlisted scripts are not told apart.
 */
const SCRIPT_NAMES = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Ogham',
  'Runic',
  'Coptic',
  'Glagolitic',
  'Gothic',
  'Tifinagh',
  'Vai',
  'Yi',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Adlam',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
] as const;

const SCRIPTS = SCRIPT_NAMES.map((name) => ({ name, pattern: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u') }));

/** The CJK writing systems UTS #39 lets a script join: Japanese, Korean, Chinese with Bopomofo. */
const CJK_SETS: Partial<Record<(typeof SCRIPT_NAMES)[number], string[]>> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

const ANY_SCRIPT = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;
const LATIN = /^\p{Script_Extensions=Latin}$/u;
const OTHER = 'other';

function scriptsOf(char: string): Set<string> {
  const scripts = new Set<string>();
  for (const { name, pattern } of SCRIPTS) {
    if (!pattern.test(char)) continue;
    scripts.add(name);
    for (const set of CJK_SETS[name] ?? []) scripts.add(set);
  }
  if (scripts.size === 0) scripts.add(OTHER);
  return scripts;
}

/** The scripts every character can be read in; null when no character belongs to a script. */
function commonScripts(chars: readonly string[]): Set<string> | null {
  let common: Set<string> | null = null;
  for (const char of chars) {
    if (ANY_SCRIPT.test(char)) continue;
    const scripts = scriptsOf(char);
    common = common === null ? scripts : new Set([...common].filter((script: string) => scripts.has(script)));
  }
  return common;
}

/** True when `text` mixes scripts, e.g. Latin with a Cyrillic look-alike ('rt-аdmin'). */
export function isMixedScript(text: string): boolean {
  const chars = [...text];
  const all = commonScripts(chars);
  if (all === null || all.size > 0) return false;
  const withoutLatin = commonScripts(chars.filter((char) => !LATIN.test(char)));
  return !(withoutLatin === null || ['Jpan', 'Kore', 'Hanb'].some((set) => withoutLatin.has(set)));
}
