export * from './schemas';
export * from './verify';
