export * from './api-mocks.js';
export * from './defaults.js';
export * from './factories.js';
export * from './instructor-factories.js';
export * from './refund-factories.js';
export * from './site-factories.js';
export * from './teaching-factories.js';
