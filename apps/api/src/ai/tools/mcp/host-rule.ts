import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where an MCP server may live. The API fetches whatever address a team owner types, so an address
 * inside the operator's network (loopback, RFC 1918, link-local with the cloud metadata service at
 * 169.254.169.254, CGNAT, multicast, reserved, and their IPv4-mapped IPv6 forms) would let an owner
 * read services only the API can reach. Only public unicast addresses pass, unless the operator
 * names the host in MCP_ALLOWED_HOSTS. Every connection resolves, checks and then connects to the
 * checked addresses (mcp-fetch.ts), so a DNS answer that changes after the check is never used.
 */
export class HostRefused extends Error {
  constructor(readonly address: string) {
    super(
      `MCP servers may not live on loopback, private or link-local addresses (${address}). An operator can allow this host with MCP_ALLOWED_HOSTS.`,
    );
    this.name = 'HostRefused';
  }
}

/** The host could not be resolved: nothing to check, nothing to connect to. */
export class HostNotFound extends Error {
  constructor(readonly host: string) {
    super(`Cannot find the host ${host}`);
    this.name = 'HostNotFound';
  }
}

/** One resolved address and its family, as node:net's lookup hands it on. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** The host as URL gives it, without the brackets of an IPv6 literal, lower-cased. */
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Whether one address is public unicast (an IPv4-mapped IPv6 address is judged as its IPv4 form). */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * Resolves a URL's host to all its addresses and checks each one: HostRefused when any is not
 * public (one bad address is enough, as the connection may pick it), HostNotFound when it does not
 * resolve. A host the operator allowed is resolved but not checked.
 */
export async function resolveAllowedHost(url: URL, allowedHosts: readonly string[]): Promise<CheckedAddress[]> {
  const host = bareHost(url.hostname);
  let addresses: CheckedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw new HostNotFound(host);
    }
    if (addresses.length === 0) throw new HostNotFound(host);
  }
  if (allowedHosts.map(bareHost).includes(host)) return addresses;
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new HostRefused(refused.address);
  return addresses;
}
