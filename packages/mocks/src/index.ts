/** @lectio/mocks: the MSW handlers, the default answers, the OpenAPI examples and every factory (`./factories`). */
export * from './api-mocks.js';
export * from './defaults.js';
export * from './factories.js';
export * from './openapi-examples.js';
