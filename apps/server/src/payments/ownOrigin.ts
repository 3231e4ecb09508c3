import type { FastifyRequest } from 'fastify';

/**
 * The origin the server's own links are made on when no public URL is configured: the address
 * and port this server listens on, as the connection reached it (the socket's local end), never
 * the request's Host header, which whoever sends the request writes (a pay link with a Host of
 * their choosing would send a phone's payment return to their site).
 */
export function ownOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const socket = request.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}
