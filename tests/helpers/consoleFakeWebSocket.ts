/**
 * A fake WebSocket class for the console's real-time code: records instances and sent frames;
 * tests drive it with `open()`, `receive()` and `serverClose()`.
 */

type Listener = (event: unknown) => void;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  static instances: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static get last(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.at(-1);
  }

  readonly url: string;
  /** The subprotocols offered (the console offers its token there). */
  readonly protocols: string[];
  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  bufferedAmount = 0;
  extensions = '';
  protocol = '';
  sent: string[] = [];
  /** Binary frames sent (a Talk call's audio), as bytes. */
  sentBinary: Uint8Array[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  private listeners = new Map<string, Set<Listener>>();

  constructor(url: string, protocols?: string | string[]) {
    this.url = url;
    this.protocols = protocols === undefined ? [] : [protocols].flat();
    FakeWebSocket.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  private emit(type: string, event: Record<string, unknown>): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, target: this, ...event });
  }

  send(data: string | ArrayBuffer | ArrayBufferView): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('FakeWebSocket: send while not open');
    if (typeof data === 'string') this.sent.push(data);
    else if (data instanceof ArrayBuffer) this.sentBinary.push(new Uint8Array(data.slice(0)));
    else this.sentBinary.push(new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));
  }

  close(code?: number, reason?: string): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedWith = { code, reason };
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { code: code ?? 1000, reason: reason ?? '', wasClean: true });
  }

  /** Sent text frames parsed as JSON. */
  get messages(): unknown[] {
    return this.sent.map((s) => JSON.parse(s) as unknown);
  }

  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.emit('open', {});
  }

  receive(message: unknown): void {
    this.emit('message', { data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** A binary frame from the server, delivered as an ArrayBuffer (binaryType 'arraybuffer'). */
  receiveBinary(bytes: Uint8Array): void {
    this.emit('message', { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  }

  serverClose(code = 1006, reason = ''): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { code, reason, wasClean: code !== 1006 });
  }
}
