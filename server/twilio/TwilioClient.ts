/**
 * Twilio REST client over Twilio's own wire protocol: paths under /2010-04-01/Accounts/{Sid}/…,
 * form-encoded bodies, HTTP basic auth with the account SID and auth token. Only the base URL is
 * configurable (TWILIO_API_BASE_URL), so the real service and a faithful fake are interchangeable.
 */

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export interface TwilioClientOptions extends TwilioCredentials {
  /** https://api.twilio.com in production. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request; default 15 s. */
  timeoutMs?: number;
}

/** The account the credentials open (Twilio's Account resource, the fields we show). */
export interface TwilioAccount {
  sid: string;
  friendlyName: string;
  /** active, suspended or closed. */
  status: string;
}

export interface IncomingNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
}

export interface CreatedCall {
  sid: string;
  status: string;
}

/** A failed Twilio call, with Twilio's own message and error code when it gave them. */
export class TwilioError extends Error {
  readonly status: number;
  readonly twilioCode: number | null;

  constructor(message: string, status: number, twilioCode: number | null = null) {
    super(message);
    this.name = 'TwilioError';
    this.status = status;
    this.twilioCode = twilioCode;
  }
}

interface RawIncomingNumber {
  sid?: unknown;
  phone_number?: unknown;
  friendly_name?: unknown;
  voice_url?: unknown;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const MAX_PAGES = 20;

export class TwilioClient {
  readonly #base: string;
  readonly #accountPath: string;
  readonly #auth: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: TwilioClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#accountPath = `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
    this.#auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** The account itself (`GET /2010-04-01/Accounts/{Sid}.json`): the one call that proves SID and token. */
  async fetchAccount(): Promise<TwilioAccount> {
    const body = (await this.#send('GET', `${this.#accountPath}.json`)) as {
      sid?: unknown;
      friendly_name?: unknown;
      status?: unknown;
    } | null;
    return { sid: str(body?.sid), friendlyName: str(body?.friendly_name), status: str(body?.status) };
  }

  /** Every phone number of the account, following Twilio's paging. */
  async listIncomingNumbers(): Promise<IncomingNumber[]> {
    const numbers: IncomingNumber[] = [];
    let path: string | null = `${this.#accountPath}/IncomingPhoneNumbers.json?PageSize=1000`;
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const body = (await this.#send('GET', path)) as {
        incoming_phone_numbers?: RawIncomingNumber[];
        next_page_uri?: unknown;
      };
      for (const raw of body.incoming_phone_numbers ?? []) {
        numbers.push({
          sid: str(raw.sid),
          phoneNumber: str(raw.phone_number),
          friendlyName: str(raw.friendly_name),
          voiceUrl: str(raw.voice_url) || null,
        });
      }
      path = typeof body.next_page_uri === 'string' && body.next_page_uri ? body.next_page_uri : null;
    }
    return numbers;
  }

  /**
   * Places a call from `from` to `to` that runs the given TwiML when answered. With
   * `amdStatusCallback`, Twilio listens for an answering machine asynchronously (the TwiML runs at
   * once, so a person is never kept waiting) and posts its verdict there once the greeting has
   * ended (VOICE.md §14.7).
   */
  async createCall(input: {
    to: string;
    from: string;
    twiml: string;
    statusCallback?: string;
    amdStatusCallback?: string;
  }): Promise<CreatedCall> {
    const form: Record<string, string> = { To: input.to, From: input.from, Twiml: input.twiml };
    if (input.statusCallback) {
      form.StatusCallback = input.statusCallback;
      form.StatusCallbackMethod = 'POST';
    }
    if (input.amdStatusCallback) {
      form.MachineDetection = 'DetectMessageEnd';
      form.AsyncAmd = 'true';
      form.AsyncAmdStatusCallback = input.amdStatusCallback;
      form.AsyncAmdStatusCallbackMethod = 'POST';
    }
    const body = (await this.#send('POST', `${this.#accountPath}/Calls.json`, form)) as {
      sid?: unknown;
      status?: unknown;
    };
    return { sid: str(body.sid), status: str(body.status) };
  }

  /** Points an account number's voice webhook at `voiceUrl` (POST). */
  async setVoiceUrl(numberSid: string, voiceUrl: string): Promise<void> {
    await this.#send('POST', `${this.#accountPath}/IncomingPhoneNumbers/${encodeURIComponent(numberSid)}.json`, {
      VoiceUrl: voiceUrl,
      VoiceMethod: 'POST',
    });
  }

  /**
   * Replaces a live call's TwiML (VOICE.md §14.1): its Media Stream stops and the new document
   * runs (a transfer's `<Dial>`, issue 23).
   */
  async updateCall(callSid: string, twiml: string): Promise<void> {
    await this.#send('POST', `${this.#accountPath}/Calls/${encodeURIComponent(callSid)}.json`, { Twiml: twiml });
  }

  /** Ends a call in progress (used by End Session); a call that already ended counts as ended. */
  async endCall(callSid: string): Promise<void> {
    try {
      await this.#send('POST', `${this.#accountPath}/Calls/${encodeURIComponent(callSid)}.json`, {
        Status: 'completed',
      });
    } catch (error) {
      // 20404: the call is over and gone (VOICE.md §1.7).
      if (error instanceof TwilioError && error.status === 404) return;
      throw error;
    }
  }

  async #send(method: string, path: string, form?: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          Authorization: this.#auth,
          Accept: 'application/json',
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new TwilioError(`Twilio ${reason}`, 502);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const record = (body ?? {}) as { message?: unknown; code?: unknown };
      const message = typeof record.message === 'string' ? record.message : `Twilio answered ${response.status}`;
      throw new TwilioError(message, response.status, typeof record.code === 'number' ? record.code : null);
    }
    return body;
  }
}
