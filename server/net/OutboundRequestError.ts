/** Why an outbound request was refused or failed; `message` is written for the person who wrote the request. */
export type OutboundErrorCode =
  | 'invalid_url'
  | 'bad_protocol'
  | 'blocked_address'
  | 'too_many_requests'
  | 'too_many_redirects'
  | 'response_too_large'
  | 'request_too_large'
  | 'timeout'
  | 'aborted'
  | 'bad_request'
  | 'network_error';

export class OutboundRequestError extends Error {
  override readonly name = 'OutboundRequestError';

  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function blockedAddressError(host: string): OutboundRequestError {
  return new OutboundRequestError('blocked_address', `Blocked request to a private address: ${host}`);
}
