import { API_BASE_PATH, ROUTES, type RestRoute } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { openApiPath } from './openapi';
import { registeredRoutes } from './route-list';

describe('OpenAPI at /api/docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the document generated from the protocol schemas', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/refresh',
      '/api/v1/auth/me',
      '/api/v1/stories',
      '/api/v1/stories/{id}',
      '/api/v1/progress',
      '/api/v1/feedback-reports',
      '/api/v1/practice/offline-sessions',
      '/api/v1/analytics/events',
      '/api/v1/ready',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const login = doc.paths['/api/v1/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['identifier', 'password']));
    expect(body.properties.password).toMatchObject({ type: 'string', maxLength: 128 });
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty('access_token');
    expect(login.responses['429'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    const feedback = doc.paths['/api/v1/feedback-reports'].post;
    expect(feedback.security).toEqual([{ bearer: [] }]);
    expect(feedback.requestBody.content['application/json'].schema.properties.landmarks).toBeDefined();
    const offline = doc.paths['/api/v1/practice/offline-sessions'].post;
    expect(offline.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['client_id', 'story_id', 'attempts']),
    );
    const progress = doc.paths['/api/v1/progress'].get.responses['200'].content['application/json'].schema;
    expect(progress.properties).toHaveProperty('weakest_letters');
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
  });

  it('documents every route the server registers under the API, and registers every documented one', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredRoutes(server.app)
      .filter((r) => r.url.startsWith(`${API_BASE_PATH}/`) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(registered.length).toBeGreaterThan(10);
    expect(registered).toEqual(documented);
    // ... and both are the route table
    const table = (Object.values(ROUTES) as RestRoute[]).map((r) => `${r.method} ${openApiPath(r)}`).sort();
    expect(documented).toEqual(table);
  });

  it('answers every documented route (none is a 404)', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{\w+\}/g, 'some-id');
        const res = await fetch(`${server.url}${url}`, {
          method: method.toUpperCase(),
          headers: method === 'get' ? {} : { 'content-type': 'application/json' },
          body: method === 'get' ? undefined : '{}',
        });
        expect(res.status, `${method} ${path}`).not.toBe(404);
        await res.arrayBuffer();
      }
    }
  });

  it('serves Swagger UI from the npm package, same-origin only', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.js/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const bundle = await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
