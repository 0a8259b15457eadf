/**
 * Tool names as the Realtime API takes them: `^[a-zA-Z0-9_-]{1,64}$`, unique within a session
 * (VOICE.md §4.5; one bad name rejects the whole session.update). A tool's own name is kept when
 * it fits; otherwise other characters become `_`, it is cut to 64, and clashes get a `_2`, `_3`…
 */

export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

function sanitize(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_LENGTH);
  return cleaned === '' ? 'tool' : cleaned;
}

/** Provider names for `names`, in order, each valid, all distinct and none of `reserved` (built-in functions' names). */
export function providerToolNames(names: readonly string[], reserved: readonly string[] = []): string[] {
  const taken = new Set<string>(reserved);
  // Names that already fit are claimed first, so a sanitized name never takes one of them.
  const valid = new Set(names.filter((name) => PROVIDER_TOOL_NAME.test(name)));
  return names.map((name) => {
    let candidate = sanitize(name);
    for (let n = 2; taken.has(candidate) || (candidate !== name && valid.has(candidate)); n++) {
      const suffix = `_${n}`;
      candidate = `${sanitize(name).slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(candidate);
    return candidate;
  });
}
