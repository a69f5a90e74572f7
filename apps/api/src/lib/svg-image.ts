// Pictures the API draws itself (article and banner illustrations) are SVG text: one way to read
// their name from the path and one way to send them, with headers that keep an SVG inert.
import type { FastifyReply } from 'fastify';

/** The name in `{name}.svg` (lower-case letters only), or '' for anything else. */
export function svgImageName(param: string): string {
  return /^([a-z]+)\.svg$/.exec(param)?.[1] ?? '';
}

/** Sends an SVG we drew: cached for a day, never sniffed, no scripts or outside resources. */
export function sendSvgImage(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .headers({
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    })
    .send(svg);
}
