/**
 * The message a caller's socket must send before anything else (Twilio's `start`, a browser's Talk
 * `start`), and the wait for it: the message once it came, or null when the socket closed or the
 * time ran out first.
 */
export class FirstMessage<T> {
  #value: T | null = null;
  #waiter: ((value: T | null) => void) | null = null;

  get value(): T | null {
    return this.#value;
  }

  arrived(value: T): void {
    this.#value = value;
    this.#waiter?.(value);
  }

  /** The socket closed: a wait still running ends with null. */
  socketClosed(): void {
    this.#waiter?.(null);
  }

  wait(timeoutMs: number, socketOpen: boolean): Promise<T | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(null), timeoutMs);
      const finish = (value: T | null) => {
        clearTimeout(timer);
        this.#waiter = null;
        resolve(value);
      };
      if (this.#value) finish(this.#value);
      else if (!socketOpen) finish(null);
      else this.#waiter = finish;
    });
  }
}
