/**
 * How the API compresses its answers, in one place: @fastify/compress for every answer (registered in
 * plugins/external.ts), and the copies of an answer kept as sent (the account lists'), compressed once
 * per copy instead of on every send: a kept answer is sent many times, and compressing it each time was
 * about a seventh of a warm list request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Brotli at a fast level (answers are made per request; its highest levels cost milliseconds each), gzip otherwise; nothing under 1 KB. */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

type Encoding = 'br' | 'gzip';

/** An answer's JSON bytes, with its compressed copies made when first asked for. */
export class KeptAnswer {
  private readonly copies = new Map<Encoding, Buffer>();

  constructor(readonly json: Buffer) {}

  encoded(encoding: Encoding): Buffer {
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy = encoding === 'br' ? brotliCompressSync(this.json, COMPRESSION.brotliOptions) : gzipSync(this.json, COMPRESSION.zlibOptions);
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a kept answer: compressed as the client accepts, from its kept copy, or as it is. */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.type(JSON_TYPE);
  if (answer.json.length < COMPRESSION.threshold) return reply.send(answer.json);
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, COMPRESSION.encodings) as Encoding | null) : null;
  if (!encoding) return reply.send(answer.json);
  // (@fastify/compress leaves an answer that has its encoding already)
  return reply.header('Content-Encoding', encoding).send(answer.encoded(encoding));
}
