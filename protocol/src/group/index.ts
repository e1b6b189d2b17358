export * from './machine';
export * from './schemas';
