export * from './api-mocks';
export * from './defaults';
export * from './factories';
