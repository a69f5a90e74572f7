import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { describeError } from '../../../lib/error-answer';
import { consentRequest, decide, grantsOf, revokeGrantOf } from './oauth.service';
import { issueToken, OAuthRefusal, revokeByClient } from './oauth.token';

const FORM = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 16 * 1024;

/** RFC 6749 §5.1: token answers are never cached. */
function noStore(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

function sendRefusal(reply: FastifyReply, refusal: OAuthRefusal) {
  for (const [name, value] of Object.entries(refusal.headers)) {
    reply.header(name, value);
  }
  return noStore(reply).code(refusal.status).send({ error: refusal.error, error_description: refusal.description });
}

/**
 * The authorization server (docs/adr/0217): the consent page's two calls and the patient's grants
 * answer in the envelope; the token and revocation endpoints speak RFC 6749 / RFC 7009 (form or
 * JSON bodies, `{ error, error_description }` refusals) in a scope of their own.
 */
export function oauthRoutes(app: FastifyInstance) {
  const { clock } = app.providers;

  app.operation('oauthAuthorizeRequest', async (request) => consentRequest(app.em, request.session, request.query));
  app.operation('oauthAuthorize', async (request) =>
    decide(app.em, request.session, request.body, clock(), { ip: request.ip, requestId: String(request.id) }),
  );
  app.operation('oauthGrants', async (request) => grantsOf(app.em, request.session));
  app.operation('oauthRevokeGrant', async (request) =>
    revokeGrantOf(app.em, request.session, request.params.grantId, clock()),
  );

  app.register((raw, _options, done) => {
    // Form bodies (the standard), read as the library reads them: each field once, as a string.
    raw.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, next) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        fields[key] ??= value;
      }
      next(null, fields);
    });
    // Whatever refuses a token request before its handler (validation, a bad body, the request
    // policy) answers in RFC 6749's shape too, with the sentence the envelope would carry.
    raw.setErrorHandler((error, request, reply) => {
      if (error instanceof OAuthRefusal) {
        return sendRefusal(reply, error);
      }
      const { status, errMsg } = describeError(error as FastifyError, request);
      return noStore(reply)
        .code(status)
        .send({ error: status >= 500 ? 'server_error' : 'invalid_request', error_description: errMsg });
    });

    raw.operation('oauthToken', async (request, reply) => {
      const answer = await issueToken(app.em, request.body, request.headers, clock);
      return noStore(reply).code(200).send(answer);
    });

    raw.operation('oauthRevoke', async (request, reply) => {
      await revokeByClient(app.em, request.body, request.headers, clock());
      return noStore(reply).code(200).send();
    });
    done();
  });
}
