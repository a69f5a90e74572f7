// The one Fastify-internal name the API uses (plugins/security-headers.ts): the object a reply's
// headers are gathered in before they are written. The security-headers tests fail if it moves.
declare module 'fastify/lib/symbols.js' {
  const symbols: { readonly kReplyHeaders: symbol | undefined };
  export default symbols;
}
