/** TwiML documents the server answers or sends with a call. */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
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

/** TwiML that connects the call to a bidirectional Media Stream carrying the given parameters. */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect></Response>`;
}
