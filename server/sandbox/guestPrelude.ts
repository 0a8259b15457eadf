/**
 * Guest-side glue, evaluated in each fresh QuickJS context before the handler code. It receives
 * the two host functions (log, fetch), installs `console` and `fetch` on the guest's global
 * object and returns the helpers the host drives a call with. Everything that crosses to the
 * host is a string the guest built (JSON, a log line, an error text), so no guest object,
 * getter, proxy or thenable is ever touched by host code. Built-ins are captured up front so
 * handler code that replaces `JSON.stringify` only spoils its own output.
 *
 * Tags on `serialize`: 'J' + JSON text, 'N' not JSON-serialisable, 'E' + error text.
 */
export const GUEST_PRELUDE = String.raw`(function (hostLog, hostFetch) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const keys = Object.keys;
  const isArray = Array.isArray;
  const StringOf = String;
  const ErrorClass = Error;
  const TypeErrorClass = TypeError;
  const MapClass = Map;
  const lineOf = /handler\.js:(\d+)/;
  const circular = /circular/i;
  const NOT_JSON = freeze({});

  function describe(error) {
    try {
      if (error instanceof ErrorClass) {
        const name = StringOf(error.name || 'Error');
        const message = StringOf(error.message);
        const line = lineOf.exec(StringOf(error.stack));
        return (message ? name + ': ' + message : name) + (line ? ' (line ' + line[1] + ')' : '');
      }
      return typeof error === 'string' ? error : format(error);
    } catch (e) {
      return 'Handler threw a value that cannot be shown';
    }
  }

  function format(value) {
    if (typeof value === 'string') return value;
    if (value instanceof ErrorClass) return describe(value);
    if (typeof value === 'object' && value !== null) {
      try {
        const text = stringify(value);
        if (typeof text === 'string') return text;
      } catch (e) {}
    }
    try {
      return StringOf(value);
    } catch (e) {
      return '[unprintable]';
    }
  }

  // hostLog answers false once the log cap is reached; later calls then skip formatting.
  let logsFull = false;
  function logger(level) {
    return function () {
      if (logsFull) return;
      let line = '';
      for (let i = 0; i < arguments.length; i++) line += (i > 0 ? ' ' : '') + format(arguments[i]);
      if (hostLog(level, line) === false) logsFull = true;
    };
  }

  function headerPairs(headers) {
    if (headers === undefined || headers === null) return [];
    if (isArray(headers)) return headers.map(function (pair) { return [StringOf(pair[0]), StringOf(pair[1])]; });
    if (typeof headers === 'object') return keys(headers).map(function (name) { return [name, StringOf(headers[name])]; });
    throw new TypeErrorClass('fetch: headers must be an object or a list of [name, value] pairs');
  }

  function toResponse(raw) {
    const data = parse(raw);
    const map = new MapClass(data.headers);
    const body = data.body;
    const headers = freeze({
      get: function (name) { const value = map.get(StringOf(name).toLowerCase()); return value === undefined ? null : value; },
      has: function (name) { return map.has(StringOf(name).toLowerCase()); },
      forEach: function (callback) { map.forEach(function (value, name) { callback(value, name); }); },
    });
    return freeze({
      ok: data.status >= 200 && data.status < 300,
      status: data.status,
      statusText: data.statusText,
      url: data.url,
      redirected: data.redirected,
      headers: headers,
      text: async function () { return body; },
      json: async function () { return parse(body); },
    });
  }

  async function fetch(input, init) {
    const url = typeof input === 'string' ? input : input && typeof input.url === 'string' ? input.url : StringOf(input);
    const options = init === undefined || init === null ? {} : init;
    const body = options.body === undefined ? null : options.body;
    if (body !== null && typeof body !== 'string') {
      throw new TypeErrorClass('fetch: body must be a string (use JSON.stringify for JSON)');
    }
    const request = stringify({
      method: options.method === undefined ? 'GET' : StringOf(options.method),
      headers: headerPairs(options.headers),
      body: body,
    });
    let raw;
    try {
      raw = await hostFetch(StringOf(url), request);
    } catch (message) {
      const error = new ErrorClass(typeof message === 'string' ? message : 'fetch failed');
      error.name = 'FetchError';
      throw error;
    }
    return toResponse(raw);
  }

  globalThis.console = freeze({
    log: logger('log'),
    info: logger('info'),
    debug: logger('debug'),
    warn: logger('warn'),
    error: logger('error'),
  });
  globalThis.fetch = fetch;

  function run(handler, argsJson, valuesJson) {
    const args = parse(argsJson);
    const values = freeze(parse(valuesJson));
    return (async function () { return handler(args, freeze({ values: values })); })();
  }

  function serialize(value) {
    if (value === undefined) return 'Jnull';
    let text;
    try {
      text = stringify(value, function (key, item) {
        const type = typeof item;
        if (type === 'function' || type === 'symbol' || type === 'bigint') throw NOT_JSON;
        return item;
      });
    } catch (error) {
      if (error === NOT_JSON || (error instanceof TypeErrorClass && circular.test(StringOf(error.message)))) return 'N';
      return 'E' + describe(error);
    }
    return text === undefined ? 'Jnull' : 'J' + text;
  }

  return freeze({ run: run, serialize: serialize, describe: describe });
})`;
