export * from './schemas';
export * from './aggregate';
export * from './similarity';
