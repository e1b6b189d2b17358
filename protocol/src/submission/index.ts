export * from './schemas';
export * from './machine';
