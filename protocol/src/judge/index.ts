export * from './schemas';
export * from './aggregate';
