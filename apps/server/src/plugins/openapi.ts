import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route registered after it, at /docs (JSON at /docs/json). */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Co-parent join API',
          description:
            'Signup (join) funnel API. Errors are application/problem+json; field validation ' +
            'answers 422 `{ validationErrors: [{ field, text, type? }] }` (409 for the ' +
            'professional validator and for an email that has an account) localised by the ' +
            '`language` or `Accept-Language` header.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            registrationKey: { type: 'apiKey', in: 'header', name: 'X-Registration-Key' },
            credentialsToken: { type: 'http', scheme: 'bearer' },
            inviteToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'The emailed link’s token. A browser page of this site sends it once; the ' +
                'answer keeps it in the HttpOnly `coparent_invite` cookie, which later calls ' +
                'carry instead of the header.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    // The UI's page loads only its own scripts and styles, so helmet's strict CSP covers it too.
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      uiConfig: { validatorUrl: null },
    });
  },
  { name: 'openapi' },
);
