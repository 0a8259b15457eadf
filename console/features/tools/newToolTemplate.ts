/**
 * The starting point of a new tool (spec part 2 §4 "New tool"): empty name and description, type
 * 'function', a schema requiring latitude and longitude numbers, and a weather-lookup handler that
 * follows the handler contract `async function handler(args, { values })`. The handler answers
 * sample weather and shows the real lookup as a commented fetch, so a new user's first Test
 * passes on a server without internet access (issue 18).
 */
import type { ToolInput } from '../../../shared/types/tool.js';

export const NEW_TOOL_PARAMETERS = {
  type: 'object',
  properties: {
    latitude: { type: 'number', description: 'Latitude of the location' },
    longitude: { type: 'number', description: 'Longitude of the location' },
  },
  required: ['latitude', 'longitude'],
};

export const NEW_TOOL_HANDLER = `/**
 * Runs when an agent or bot calls this tool.
 *
 * args    the call's arguments, shaped by the Parameters schema
 *         (here: { latitude, longitude }).
 * values  your custom values by name, e.g. values.API_KEY
 *         (manage them on the Tools page, Custom Values tab).
 * fetch   the standard fetch(url, options) for public HTTP(S) addresses.
 *
 * Return any JSON-serialisable value; it is what the model receives.
 * console.log output shows up in the Test panel's logs.
 *
 * This sample answers made-up weather, so Test works without the
 * internet. For the real weather, replace its body with a fetch:
 *
 *   const url =
 *     'https://api.open-meteo.com/v1/forecast' +
 *     \`?latitude=\${encodeURIComponent(latitude)}&longitude=\${encodeURIComponent(longitude)}&current_weather=true\`;
 *   const response = await fetch(url);
 *   if (!response.ok) {
 *     throw new Error(\`Weather service answered \${response.status}\`);
 *   }
 *   const data = await response.json();
 *   return data.current_weather;
 */
async function handler(args, { values }) {
  const { latitude, longitude } = args;
  console.log(\`Sample weather for \${latitude}, \${longitude}\`);
  return {
    latitude,
    longitude,
    temperature: 21.5,
    windspeed: 12.3,
    weather: 'partly cloudy',
    note: 'Sample data: replace the handler with a fetch for the real weather.',
  };
}
`;

/** A fresh copy of the template, so edits never touch the constants. */
export function newToolTemplate(): ToolInput {
  return {
    name: '',
    description: '',
    type: 'function',
    parameters: structuredClone(NEW_TOOL_PARAMETERS),
    handler_code: NEW_TOOL_HANDLER,
  };
}
