export * from './judge-status';
export * from './roles';
export * from './problem';
