/** The body of POST /api/tools for a plain tool named `name`, for tests where only its handler matters. */
export const toolInput = (name: string, handler_code = '') => ({
  name,
  description: 'A tool',
  type: 'string',
  parameters: { type: 'object' },
  handler_code,
});
