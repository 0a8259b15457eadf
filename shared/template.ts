/**
 * Prompt substitution of custom values (ARCHITECTURE.md "Tools and custom values"): `{{NAME}}` is
 * replaced by the owner's value of that name. Names are matched exactly (case-sensitive, spaces
 * around the name allowed); unknown names are left as they are so a typo stays visible.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** Replaces every `{{NAME}}` in `text` with `values[NAME]`, leaving unknown names untouched. */
export function substituteValues(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

/** The distinct `{{NAME}}` names used in `text`, in order of first use. */
export function placeholderNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? ''))];
}
