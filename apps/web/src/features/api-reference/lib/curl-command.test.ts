import { describe, expect, it } from 'vitest';
import { getCurlCommand } from './curl-command.ts';
import type { OpenApiDocument } from './openapi-types.ts';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {},
  components: {
    securitySchemes: {
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
};

describe('getCurlCommand', () => {
  it('fills path parameters with their examples and adds the API key header', () => {
    const command = getCurlCommand(
      document,
      'get',
      '/quotes/json/last/{pairs}',
      {
        parameters: [{ name: 'pairs', in: 'path', required: true, example: 'USD-BRL,EUR-BRL' }],
        security: [{}, { apiKeyHeader: [] }],
      },
      'http://localhost',
    );
    expect(command).toBe(
      "curl 'https://api.example.com/quotes/json/last/USD-BRL,EUR-BRL' \\\n  -H 'x-api-key: YOUR_TOKEN'",
    );
  });

  it('sends a JSON body made from the schema, and the bearer token, on the page’s origin without servers', () => {
    const command = getCurlCommand(
      { ...document, servers: [] },
      'post',
      '/api/keys',
      {
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  description: { type: 'string', examples: ["Ana's site"] },
                  enabled: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
      'http://localhost:3000',
    );
    expect(command.split(' \\\n  ')).toEqual([
      "curl -X POST 'http://localhost:3000/api/keys'",
      "-H 'Authorization: Bearer YOUR_ACCESS_TOKEN'",
      "-H 'Content-Type: application/json'",
      `-d '{"description":"Ana'\\''s site","enabled":true}'`,
    ]);
  });
});
