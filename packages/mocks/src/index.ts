export * from './api-mocks';
