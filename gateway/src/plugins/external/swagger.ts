import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI built from the route schemas, browsable at /docs. */
async function openApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Used Product Resale Market API',
        description:
          'REST calls of the product spec (section 7) plus read-your-writes (`position` / `minPosition`), ' +
          'idempotent commands (`Idempotency-Key`) and image upload. Sign in with Firebase, then call ' +
          '`GET /jwt` with the Firebase ID token as Bearer to get the access token every other call takes.',
        version: '1.0.0',
      },
      servers: [{ url: app.config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `accessToken` answered by GET /jwt',
          },
          firebaseIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A Firebase ID token (GET /jwt, POST /users)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // GraphiQL's page and assets are not API calls.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/graphiql')) route.schema = { ...route.schema, hide: true };
  });
}

export default fp(openApi, { name: 'swagger', dependencies: ['config'] });
