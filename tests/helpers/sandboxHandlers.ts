/** Wraps a handler body in the contract's function, so test tables stay one line per case. */
export function handlerOf(body: string): string {
  return `async function handler(args, { values }) {\n${body}\n}`;
}

export const NORMAL_CALL = { code: handlerOf('return { echo: args.n * 2 };'), args: { n: 21 }, values: {} } as const;
