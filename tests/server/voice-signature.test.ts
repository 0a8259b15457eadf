import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from '../../server/twilio/signature.js';

// The twilio-python unit-test vector, recomputed (VOICE.md §1.5).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
};

describe('Twilio signatures', () => {
  it("matches Twilio's test vectors for a webhook, its :443 variant and a WebSocket upgrade", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature(TOKEN, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', PARAMS)).toBe(
      'kvajT1Ptam85bY51eRf/AJRuM3w=',
    );
    expect(twilioSignature(TOKEN, 'wss://example.com/media-stream')).toBe('XFfwGS2Ev7f9qAP9MmRoMS7C724=');
  });

  it('accepts the signature with or without the default port', () => {
    expect(isValidTwilioSignature(TOKEN, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', URL, PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, 'kvajT1Ptam85bY51eRf/AJRuM3w=', URL, PARAMS)).toBe(true);
    expect(
      isValidTwilioSignature(
        TOKEN,
        'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
        'https://mycompany.com:443/myapp.php?foo=1&bar=2',
        PARAMS,
      ),
    ).toBe(true);
  });

  it('refuses a missing, wrong or tampered signature', () => {
    expect(isValidTwilioSignature(TOKEN, undefined, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'RSOYDt4T1cUTdK1PDd93/VVr8B8', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('54321', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', URL, { ...PARAMS, Digits: '1235' })).toBe(
      false,
    );
    expect(
      isValidTwilioSignature(
        TOKEN,
        'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
        'http://mycompany.com/myapp.php?foo=1&bar=2',
        PARAMS,
      ),
    ).toBe(false);
  });

  it('sorts multi-valued parameters by value', () => {
    const a = twilioSignature(TOKEN, URL, { A: ['2', '1'] });
    expect(a).toBe(twilioSignature(TOKEN, URL, { A: ['1', '2'] }));
    // Each value is appended with its name: A1A2, not A12.
    expect(a).toBe(twilioSignature(TOKEN, `${URL}A1`, { A: '2' }));
  });
});
