import type { LookupAddress } from 'node:dns';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isBlockedAddress } from './addressPolicy.js';
import { blockedAddressError } from './OutboundRequestError.js';

type Resolver = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/**
 * A `lookup` for http/https that resolves a host name and refuses it when ANY answer is a
 * blocked address, so a name that mixes public and private records (DNS rebinding) cannot pick
 * the private one at connect time. `resolve` replaces the system resolver (tests use it).
 */
export function createGuardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, answers) => {
      if (error) return callback(error, '', 0);
      const wanted =
        options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
      const first = wanted[0];
      if (first === undefined)
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (wanted.some((a) => isBlockedAddress(a.address))) return callback(blockedAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted);
      callback(null, first.address, first.family);
    });
  };
}

export type { Resolver as GuardedResolver };
