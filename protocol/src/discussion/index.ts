export * from './schemas';
export * from './posts';
