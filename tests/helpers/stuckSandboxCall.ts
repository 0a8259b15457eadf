/**
 * A handler call stuck in one long builtin (indexOf over megabytes): the isolate's own interrupt
 * cannot stop it, so only the host's watchdog ends it. For the sandbox pool and worker tests.
 */
export const STUCK_CALL = {
  code: "function handler() { return 'a'.repeat(2e6).indexOf('a'.repeat(1e6) + 'b'); }",
  args: {},
  values: {},
};
