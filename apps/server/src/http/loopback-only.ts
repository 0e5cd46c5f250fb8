import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4.startsWith('127.') || address === '::1';
}

/** Headers a reverse proxy adds: a request through one came from elsewhere, whatever its socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * An onRequest hook for the local tools: a client that is not on this machine gets the 404 of a
 * route that does not exist. The socket's address, never `request.ip`: behind TRUST_PROXY that
 * comes from X-Forwarded-For, which any client writes. A request a proxy on this machine passed
 * on has a loopback socket too, so one carrying a forwarding header is refused as well.
 */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (forwarded || !isLoopbackAddress(request.socket.remoteAddress)) {
    throw new AppError('NOT_FOUND');
  }
}
