import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandling } from '../http/error-handler.js';
import { limitJsonDepth } from '../http/json-depth.js';
import { refuseNulCharacters } from '../http/nul-characters.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { zodValidatorCompiler } from '../http/validation.js';
import { contentSecurityPolicyDirectives } from '../security/content-security-policy.js';

/**
 * How every call is read and answered: zod validation, problem documents, security headers,
 * JSON bodies only, and a graceful close.
 */
export const httpPlugin = fp(
  async (app) => {
    const { config } = app;
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);

    // Graceful shutdown: a response sent once close has begun ends its keep-alive connection, so
    // the close waits for requests in flight, not for idle clients' keep-alive timeouts.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });

    // Security headers first, so every answer has them.
    registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        useDefaults: false,
        // Strict 'self'; Braintree and PayPal, the affiliate script, Zendesk only when configured.
        directives: contentSecurityPolicyDirectives(config.payment, {
          affiliateScriptOrigin: config.affiliate.scriptOrigin,
          affiliatePixelOrigin: config.affiliate.pixelOrigin,
          zendesk: config.supportChat.zendesk !== undefined,
        }),
      },
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    });

    // JSON bodies only: a cross-site form post (form-encoded, multipart or text/plain) is refused
    // with 415 by Fastify's content-type parsing.
    app.removeContentTypeParser('text/plain');
    limitJsonDepth(app);
    refuseNulCharacters(app);
  },
  { name: 'http', dependencies: ['core'] },
);
