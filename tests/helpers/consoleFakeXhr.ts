/**
 * A stand-in for the browser's XMLHttpRequest (happy-dom's would reach for a network), speaking
 * its interface as the console's document upload uses it: open, headers, send, upload progress
 * and load events, then the answer. Tests drive each request: `progress`, `sent`, `respond`.
 */
type Listener = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

class Events {
  readonly #listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  emit(type: string, loaded = 0, total = 0): void {
    for (const listener of this.#listeners.get(type) ?? []) listener({ loaded, total, lengthComputable: total > 0 });
  }
}

export class FakeXhr extends Events {
  static all: FakeXhr[] = [];
  readonly upload = new Events();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;

  constructor() {
    super();
    FakeXhr.all.push(this);
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown): void {
    this.body = body;
  }
  abort(): void {
    this.emit('abort');
  }

  /** The `name` query parameter: the file's name. */
  get fileName(): string | null {
    return new URL(this.url, 'http://console.test').searchParams.get('name');
  }
  progress(loaded: number, total: number): void {
    this.upload.emit('progress', loaded, total);
  }
  sent(): void {
    this.upload.emit('load');
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}
