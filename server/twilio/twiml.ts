/** TwiML documents the server answers or sends with a call. */

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** The wss:// URL of the Media Stream endpoint under PUBLIC_URL. */
export function mediaStreamUrl(publicUrl: string): string {
  const url = new URL('/api/twilio/media-stream', publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The voice webhook URL a number is pointed at when it is associated with an agent. */
export function voiceWebhookUrl(publicUrl: string): string {
  return new URL('/api/twilio/incoming-call', publicUrl).toString();
}

/**
 * TwiML that connects the call to a bidirectional Media Stream carrying the given parameters.
 * Twilio runs what follows `<Connect>` once the server closes the stream, so `goodbye` is what the
 * caller hears when the server has to end a call it can't go on with.
 */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>, goodbye?: string): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  const after = goodbye ? `<Say>${escapeXml(goodbye)}</Say><Hangup/>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect>${after}</Response>`;
}

/**
 * Keys pressed on a live call (issue 23, VOICE.md §14.6): Twilio cannot play tones sent over the
 * Media Stream, so the call's TwiML is replaced: `<Play digits>` sends the keys, then a new
 * `<Connect><Stream>` carrying `parameters` (the resume token) brings the call back to the bridge.
 */
export function playDigitsTwiml(
  digits: string,
  streamUrl: string,
  parameters: Record<string, string>,
  goodbye?: string,
): string {
  return connectStreamTwiml(streamUrl, parameters, goodbye).replace(
    '<Response>',
    `<Response><Play digits="${escapeXml(digits)}"/>`,
  );
}

/** Where Twilio posts a transfer's dial result (issue 23); the stream SID names the session. */
export function dialResultUrl(publicUrl: string, streamSid: string): string {
  const url = new URL('/api/twilio/dial-result', publicUrl);
  url.searchParams.set('streamSid', streamSid);
  return url.toString();
}

/** How long a transfer's number rings before Twilio gives up (Twilio's own default is 30 s). */
export const TRANSFER_RING_SECONDS = 30;

/**
 * A cold transfer (VOICE.md §14.3): dial `number` showing `callerId` (a number of the account),
 * bridging the caller only once someone answers; Twilio then posts the result to `action`, whose
 * answer is what the caller hears if nobody did.
 */
export function dialTwiml(dial: { number: string; callerId: string; action: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="${escapeXml(dial.callerId)}" timeout="${TRANSFER_RING_SECONDS}" answerOnBridge="true" action="${escapeXml(dial.action)}" method="POST"><Number>${escapeXml(dial.number)}</Number></Dial></Response>`;
}

/** TwiML that hangs up. */
export function hangUpTwiml(): string {
  return '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>';
}

/** TwiML that says `text` and hangs up. */
export function sayAndHangUpTwiml(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(text)}</Say><Hangup/></Response>`;
}
