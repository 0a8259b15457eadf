/**
 * Characters that make a name display as something it is not (issue 7, finding 7), as Unicode
 * properties of the regex engine rather than tables of code points.
 */

/** Controls (NUL included), text-direction overrides and line/paragraph separators. */
const CONTROL = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]/u;

/**
 * Also every format character (zero-width spaces and joiners, soft hyphens…), default-ignorable
 * code points (fillers, variation selectors), private-use, unassigned and lone surrogates.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

function codePointOf(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  return `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The rule for names of tools, agents and custom values: null when `text` holds no control or
 * text-direction character, else the problem, naming the first one ('must not contain control characters (U+0000)').
 */
export function controlCharacterProblem(text: string): string | null {
  const found = codePointOf(CONTROL.exec(text));
  return found && `must not contain control characters (${found})`;
}

/** True when `text` holds a control, format, invisible or unassigned character (the username rule). */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/** `text` without the characters hasInvisibleCharacters looks for. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, '');
}
