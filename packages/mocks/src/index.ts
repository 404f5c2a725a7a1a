export * from './api-mocks';
export * from './defaults';
export * from './factories';
export * from './instructor-factories';
export * from './refund-factories';
export * from './site-factories';
export * from './teaching-factories';
